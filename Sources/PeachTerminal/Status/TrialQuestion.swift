import PeachCore

/// What the current trial asks: the interval from the reference note to the target, as a
/// musician names it ("P5 up from C4").
public struct TrialQuestion: Hashable, Sendable {
    public var interval: DirectedInterval
    public var reference: MIDINote
    public var target: MIDINote

    public init(interval: DirectedInterval, reference: MIDINote, target: MIDINote) {
        self.interval = interval
        self.reference = reference
        self.target = target
    }

    /// Records keep the interval undirected; the notes give the direction back.
    public init(undirected interval: Interval, reference: MIDINote, target: MIDINote) {
        self.init(interval: DirectedInterval(interval, target < reference ? .down : .up), reference: reference, target: target)
    }

    /// For the status line: "P5 up from C4"; nil for a unison, where the reference is the whole question.
    public var shortText: String? {
        interval == .prime ? nil : "\(interval.interval.abbreviation) \(interval.direction.rawValue) from \(reference.name)"
    }

    /// For log lines: "P5 up from C4 to G4", or "unison on C4".
    public var longText: String {
        guard let short = shortText else { return "unison on \(reference.name)" }
        return short + " to \(target.name)"
    }
}
