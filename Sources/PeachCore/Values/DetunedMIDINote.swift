/// A logical pitch: a MIDI note plus a cent offset. It has no frequency until a tuning system
/// and a reference pitch are applied (`TuningSystem.frequency(of:referencePitch:)`).
public struct DetunedMIDINote: Hashable, Sendable, CustomStringConvertible {
    public let note: MIDINote
    public let offset: Cents

    public init(_ note: MIDINote, offset: Cents = .zero) {
        self.note = note
        self.offset = offset
    }

    public var description: String {
        offset == .zero ? note.name : "\(note.name)\(offset.rawValue >= 0 ? "+" : "")\(offset.rawValue)c"
    }
}
