import PeachCore

/// What a synth is told to play for one frequency: a MIDI note plus the pitch bend that moves
/// it the rest of the way.
public struct BentNote: Hashable, Sendable, CustomStringConvertible {
    public let note: MIDINote
    public let bend: PitchBendValue

    public init(note: MIDINote, bend: PitchBendValue) {
        self.note = note
        self.bend = bend
    }

    public var description: String { "\(note.name) bend \(bend.signedValue)" }
}
