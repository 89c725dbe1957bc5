/// The clicks of one trial, relative to the first: what a session asks a rhythm player to
/// schedule in one go.
public struct ClickPattern: Hashable, Sendable {
    /// When each click sounds, from the first (which is at zero); ascending.
    public let offsets: [Duration]
    public let velocity: MIDIVelocity

    /// Throws when there is no click, the first is not at zero, or a click is not later than
    /// the one before it; the error names the click and its offset.
    public init(offsets: [Duration], velocity: MIDIVelocity) throws(DomainValueError) {
        if let problem = Self.problem(offsets) {
            throw .malformed(type: "click pattern", value: offsets.map(Self.text).joined(separator: ", "),
                             expected: problem)
        }
        self.offsets = offsets
        self.velocity = velocity
    }

    /// What is wrong with `offsets`, in the words of the error; nil when nothing is.
    static func problem(_ offsets: [Duration]) -> String? {
        guard let first = offsets.first else { return "at least one click" }
        guard first == .zero else { return "the first click at 0 ms, not at \(text(first))" }
        for (index, (earlier, later)) in zip(offsets, offsets.dropFirst()).enumerated() where later <= earlier {
            return "each click later than the one before: click \(index + 2) at \(text(later)) is not after "
                + "click \(index + 1) at \(text(earlier))"
        }
        return nil
    }

    /// "187.5 ms".
    private static func text(_ offset: Duration) -> String {
        let milliseconds = Double(offset.wholeNanoseconds) / 1_000_000
        return milliseconds == milliseconds.rounded() ? "\(Int64(milliseconds)) ms" : "\(milliseconds) ms"
    }

    /// Sixteenths at `tempo`: `count` clicks on the grid, the last moved by `lastOffset`.
    /// Throws when `lastOffset` takes the last click back to (or before) the one before it; the
    /// sessions keep it within half a sixteenth.
    static func sixteenths(_ count: Int, at tempo: TempoBPM, lastOffset: RhythmOffset = .zero,
                           velocity: MIDIVelocity) throws(DomainValueError) -> ClickPattern {
        var offsets = (0..<count).map { tempo.sixteenth * $0 }
        if count > 0 { offsets[count - 1] += lastOffset.duration }
        return try ClickPattern(offsets: offsets, velocity: velocity)
    }
}

/// Where a player put a pattern's clicks on its clock, one instant per offset.
public struct ClickSchedule: Hashable, Sendable {
    public let times: [RhythmInstant]

    /// Throws without an instant: a schedule holds at least the one click it was asked for.
    public init(times: [RhythmInstant]) throws(DomainValueError) {
        guard !times.isEmpty else {
            throw .malformed(type: "click schedule", value: "no instants", expected: "one instant per click")
        }
        self.times = times
    }

    /// The instants of `pattern` when its first click is at `start` (a pattern has a click).
    public init(_ pattern: ClickPattern, startingAt start: RhythmInstant) {
        times = pattern.offsets.map { start.advanced(by: $0) }
    }

    public var first: RhythmInstant { times[0] }
    public var last: RhythmInstant { times[times.count - 1] }
}
