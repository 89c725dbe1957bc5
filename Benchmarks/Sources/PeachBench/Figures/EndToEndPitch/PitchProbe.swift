import Foundation
import PeachCore

/// One pitch `peach play` is asked for, beside the same MIDI note undetuned: the arguments that
/// ask for it and the difference it should sound from that note.
struct PitchProbe: Sendable {
    /// For the findings: "E4" or "330.000 Hz (E4)".
    let label: String
    /// `peach play` arguments for the detuned pitch.
    let arguments: [String]
    /// The MIDI note the pitch is bent from, played undetuned (equal temperament, A4 = 440 Hz).
    let referenceNote: Int
    /// Cents from the undetuned reference note to the intended pitch.
    let intendedCents: Double

    /// A note name with a cent offset (`peach play E4 --cents -13.686`).
    static func note(_ name: String, cents: Double) throws -> PitchProbe {
        let note = try MIDINote(parsing: name)
        let text = String(format: "%.3f", cents)
        return PitchProbe(label: name, arguments: [name, "--cents", text],
                          referenceNote: note.rawValue, intendedCents: Double(text)!)
    }

    /// A frequency (`peach play --frequency 330.0`), beside the nearest equal-tempered note.
    static func frequency(_ hertz: Double) -> PitchProbe {
        let semitones = 12 * log2(hertz / 440)
        let note = 69 + Int(semitones.rounded())
        let text = String(format: "%.3f", hertz)
        let name = (try? MIDINote(note).name) ?? String(note)
        return PitchProbe(label: "\(text) Hz (\(name))", arguments: ["--frequency", text], referenceNote: note,
                          intendedCents: 100 * (semitones - Double(note - 69)))
    }

    /// 20 pitches from B♭3 to G5, where General MIDI's ocarina is a steady tone: equal-tempered
    /// notes with odd offsets, just intervals over C4 as cent offsets, and just ratios of A4 as
    /// frequencies. Every offset is under 50 c, so the pitch is bent from the reference note itself.
    static func all() throws -> [PitchProbe] {
        try [
            note("C4", cents: 7.3), note("D4", cents: -23.9), note("B3", cents: 31.17), note("C#5", cents: -41.5),
            note("F#4", cents: 0.37), note("A4", cents: 13.7), note("G5", cents: -0.8), note("D5", cents: 44.44),
            note("Bb3", cents: -17.03), note("E5", cents: 2.5),
            note("E4", cents: -13.686),   // 5/4 over C4
            note("G4", cents: 1.955),     // 3/2
            note("A4", cents: -15.641),   // 5/3
            note("Bb4", cents: -31.174),  // 7/4
            note("F#4", cents: -9.776),   // 45/32
            frequency(330),               // A4 × 3/4
            frequency(264),               // A4 × 3/5
            frequency(495),               // A4 × 9/8
            frequency(440 * 4 / 3),
            frequency(440 * 5 / 3),
        ]
    }
}
