/// The clicks of one trial, relative to the first: what a session asks a rhythm player to
/// schedule in one go.
public struct ClickPattern: Hashable, Sendable {
    /// When each click sounds, from the first (which is at zero); ascending.
    public let offsets: [Duration]
    public let velocity: MIDIVelocity

    public init(offsets: [Duration], velocity: MIDIVelocity) {
        precondition(offsets.first == .zero && zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 },
                     "a click pattern starts at zero and ascends")
        self.offsets = offsets
        self.velocity = velocity
    }

    /// Sixteenths at `tempo`: `count` clicks on the grid, the last moved by `lastOffset`.
    static func sixteenths(_ count: Int, at tempo: TempoBPM, lastOffset: RhythmOffset = .zero,
                           velocity: MIDIVelocity) -> ClickPattern {
        var offsets = (0..<count).map { tempo.sixteenth * $0 }
        offsets[count - 1] += lastOffset.duration
        return ClickPattern(offsets: offsets, velocity: velocity)
    }
}

/// Where a player put a pattern's clicks on its clock, one instant per offset.
public struct ClickSchedule: Hashable, Sendable {
    public let times: [RhythmInstant]

    public init(times: [RhythmInstant]) {
        precondition(!times.isEmpty)
        self.times = times
    }

    /// The instants of `pattern` when its first click is at `start`.
    public init(_ pattern: ClickPattern, startingAt start: RhythmInstant) {
        self.init(times: pattern.offsets.map { start.advanced(by: $0) })
    }

    public var first: RhythmInstant { times[0] }
    public var last: RhythmInstant { times[times.count - 1] }
}
