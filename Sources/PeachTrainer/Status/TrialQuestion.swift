import PeachCore

/// What the current trial asks: the interval from the reference note to the target, as a
/// musician names it ("P5 up from C4").
public struct TrialQuestion: Hashable, Sendable {
    public var interval: DirectedInterval
    public var reference: MIDINote
    public var target: MIDINote
    /// The tuning the interval is sized in, when not equal temperament.
    public var tuning: String?

    public init(interval: DirectedInterval, reference: MIDINote, target: MIDINote, tuning: String? = nil) {
        self.interval = interval
        self.reference = reference
        self.target = target
        self.tuning = tuning
    }

    /// Records keep the interval undirected; the notes give the direction back.
    public init(undirected interval: Interval, reference: MIDINote, target: MIDINote, tuning: String? = nil) {
        self.init(interval: DirectedInterval(interval, target < reference ? .down : .up), reference: reference, target: target,
                  tuning: tuning)
    }

    /// For the status line: "P5 up from C4"; nil for a unison, where the reference is the whole question.
    public var shortText: String? {
        interval == .prime ? nil : intervalText + inTuning
    }

    private var intervalText: String { "\(interval.interval.abbreviation) \(interval.direction.rawValue) from \(reference.name)" }

    /// " in meantone-1/4"; empty in equal temperament.
    private var inTuning: String { tuning.map { " in \($0.terminalSafe)" } ?? "" }

    /// For log lines: "P5 up from C4 to G4", or "unison on C4".
    public var longText: String {
        guard interval != .prime else { return "unison on \(reference.name)" + inTuning }
        return intervalText + " to \(target.name)" + inTuning
    }
}
