import ArgumentParser
import Foundation
import PeachALSA
import PeachCore
import PeachSettings

/// `peach play NOTE SECOND-NOTE`: the second note, placed as the tuning sizes the interval
/// from the first (in a temperament, from the first note's key).
struct PlayedInterval: Sendable {
    let name: String
    let frequency: Frequency
    let bent: BentNote
    /// "M3u from C4 in meantone-1/4: 386.314 c (equal temperament 400 c)".
    let size: String

    init(from first: MIDINote, to note: MIDINote, detune: Cents, tuning: Tuning, settings: LayeredUserSettings) throws {
        let distance = note.rawValue - first.rawValue
        guard abs(distance) <= 12 else {
            throw ValidationError("SECOND-NOTE: \(note.name) is \(abs(distance)) semitones from \(first.name); "
                + "intervals span at most an octave")
        }
        let interval = DirectedInterval(try Interval(semitones: abs(distance)), distance < 0 ? .down : .up)
        let cents = detune.rawValue
        name = note.name + (cents == 0 ? "" : (cents > 0 ? " +\(cents) c" : " \(cents) c"))
        frequency = tuning.frequency(of: interval, from: first, detunedBy: detune, referencePitch: settings.training.referencePitch)
        do {
            bent = try PitchBendMapper(range: settings.rig.pitchBendRange).bentNote(for: frequency)
        } catch {
            throw ValidationError("SECOND-NOTE: \(name): \(error)")
        }
        let sized = tuning.size(of: interval, from: first).rawValue
        size = "\(interval.abbreviation) from \(first.name) in \(tuning.name.terminalSafe): "
            + String(format: "%.3f c", abs(sized)) + " (equal temperament \(abs(distance) * 100) c)"
    }
}
