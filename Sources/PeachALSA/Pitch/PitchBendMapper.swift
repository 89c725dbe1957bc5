import Foundation
import PeachCore
import PeachRig

/// Turns a frequency into the nearest MIDI note plus a 14-bit pitch bend.
///
/// The synth is assumed to be tuned to 12-TET with A4 = `synthA4` (440 Hz unless told
/// otherwise). Peach's own reference pitch is a different thing: the sessions have already
/// applied it when they compute a frequency, so a 415 Hz training pitch reaches the synth as
/// bent notes of a 440 Hz instrument.
///
/// A bend of ±8192 steps means ±`range` (8191 is the top), so one step is range / 8192:
/// 0.0244 c at ±2 semitones; a synth whose `response` falls short of the range gets
/// correspondingly larger bends. The bend is ROUNDED to the nearest step, so the error is at most
/// half a step (0.0122 c); truncating would double it and always err flat of positive offsets.
///
/// A synth that sounds whole cents by truncation (`BendResponse.truncatesToWholeCents`) would
/// turn every offset flat, more so for "lower" than "higher" near a listener's threshold. For it
/// the bend asks for the middle of the whole cent nearest the offset, round(x) + 0.5, which its
/// truncation turns into round(x): at most 0.5 c off either way and no sign bias, with room for
/// the bend's own steps and the synth's arithmetic on both sides.
public struct PitchBendMapper: Hashable, Sendable {
    public static let stepsPerRange = 8192.0
    /// `MIDINote.a4`'s number as a constant of this module: read at every bend, where the other
    /// module's static costs a check of its one-time initialisation.
    static let a4Number = 69

    public let range: PitchBendRange
    public let synthA4: Frequency
    public let response: BendResponse

    public init(range: PitchBendRange = RigSettings.defaults.pitchBendRange, synthA4: Frequency = .concertA,
                response: BendResponse = .exact) {
        self.range = range
        self.synthA4 = synthA4
        self.response = response
    }

    /// The cents a full bend reaches on the synth.
    private var rangeCents: Double { Double(range.semitones) * response.centsPerSemitone }

    /// The size of one bend step in cents.
    public var stepCents: Double { rangeCents / Self.stepsPerRange }

    /// The cents a bend can reach either way: −range…(range − one step).
    public static func reach(of range: PitchBendRange, response: BendResponse = .exact) -> ClosedRange<Double> {
        let cents = Double(range.semitones) * response.centsPerSemitone
        return -cents...(cents * (stepsPerRange - 1) / stepsPerRange)
    }

    /// The nearest MIDI note and the bend from it to `frequency`.
    public func bentNote(for frequency: Frequency) throws(PitchMappingError) -> BentNote {
        let nearest = Int(semitonePosition(of: frequency).rounded())
        let clamped = min(max(nearest, MIDINote.validRange.lowerBound), MIDINote.validRange.upperBound)
        guard let note = try? MIDINote(clamped) else { throw .outsideNoteRange(hertz: frequency.hertz) }
        do {
            return BentNote(note: note, bend: try bend(for: frequency, on: note))
        } catch {
            // Only a note clamped at 0 or 127 can need more than half a semitone of bend.
            throw .outsideNoteRange(hertz: frequency.hertz)
        }
    }

    /// The bend that makes `note` sound at `frequency`: how a sounding note is retuned.
    public func bend(for frequency: Frequency, on note: MIDINote) throws(PitchMappingError) -> PitchBendValue {
        let offsetCents = (semitonePosition(of: frequency) - Double(note.rawValue)) * 100
        let asked = response.truncatesToWholeCents ? offsetCents.rounded() + 0.5 : offsetCents
        let steps = (asked / rangeCents * Self.stepsPerRange).rounded()
        guard steps >= -Self.stepsPerRange, steps <= Self.stepsPerRange - 1 else {
            throw .beyondBendRange(note: note, offsetCents: offsetCents, range: range)
        }
        let raw = Int(steps) + PitchBendValue.centre.rawValue
        return PitchBendValue(lsb: UInt8(raw & 0x7F), msb: UInt8(raw >> 7))
    }

    /// The frequency `bent` asks the synth for (before any whole-cent truncation of the synth's
    /// own): the inverse, for checking the bend's quantisation.
    public func hertz(of bent: BentNote) -> Double {
        synthA4.hertz * pow(2, centsFromA4(of: bent) / 1200)
    }

    /// The frequency the synth sounds for `bent`: what it asks for, down to a whole cent of the
    /// note's total for a synth that truncates (its samples tuned in whole cents).
    public func soundingHertz(of bent: BentNote) -> Double {
        var cents = Double(bent.note.rawValue) * 100 + Double(bent.bend.signedValue) * stepCents
        if response.truncatesToWholeCents { cents = (cents + 1e-9).rounded(.down) }
        return synthA4.hertz * pow(2, (cents - Double(Self.a4Number) * 100) / 1200)
    }

    private func centsFromA4(of bent: BentNote) -> Double {
        Double(bent.note.rawValue - Self.a4Number) * 100 + Double(bent.bend.signedValue) * stepCents
    }

    /// Fractional MIDI note number: 69 at `synthA4`, one per semitone.
    private func semitonePosition(of frequency: Frequency) -> Double {
        Double(Self.a4Number) + 12 * log2(frequency.hertz / synthA4.hertz)
    }
}
