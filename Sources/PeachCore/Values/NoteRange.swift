/// The notes a session may pick references from: lower…upper inside 21…108 (A0…C8),
/// spanning at least an octave.
public struct NoteRange: Hashable, Sendable, CustomStringConvertible {
    public static let absoluteBounds = 21...108
    public static let minimumSpan = 12

    public let lower: MIDINote
    public let upper: MIDINote

    public init(lower: MIDINote, upper: MIDINote) throws(DomainValueError) {
        for note in [lower, upper] where !Self.absoluteBounds.contains(note.rawValue) {
            throw .outOfRange(type: "note range bound", value: "\(note.name) (\(note.rawValue))", allowed: "A0…C8 (21…108)")
        }
        guard upper.rawValue - lower.rawValue >= Self.minimumSpan else {
            throw .noteRangeTooNarrow(lower: lower.name, upper: upper.name, minimumSpan: Self.minimumSpan)
        }
        self.lower = lower
        self.upper = upper
    }

    init(uncheckedLower lower: Int, upper: Int) {
        self.lower = MIDINote(uncheckedRawValue: lower)
        self.upper = MIDINote(uncheckedRawValue: upper)
    }

    public func contains(_ note: MIDINote) -> Bool { (lower...upper).contains(note) }

    /// The reference notes whose transposition by every one of `intervals` stays inside 0…127.
    /// Never empty: the range spans an octave inside 21…108, and no interval exceeds one.
    public func referenceNotes(for intervals: some Collection<DirectedInterval>) -> ClosedRange<Int> {
        let maxUp = intervals.map(\.semitones).max() ?? 0
        let maxDown = intervals.map(\.semitones).min() ?? 0
        let low = max(lower.rawValue, MIDINote.validRange.lowerBound - min(maxDown, 0))
        let high = min(upper.rawValue, MIDINote.validRange.upperBound - max(maxUp, 0))
        return low...high
    }

    public var description: String { "\(lower.name)…\(upper.name)" }
}
