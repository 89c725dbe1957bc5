public enum IntervalDirection: String, CaseIterable, Hashable, Sendable {
    case up, down

    var suffix: String { self == .up ? "u" : "d" }
}

/// An interval with a direction, written "P5u" (a fifth up) or "M3d" (a major third down).
public struct DirectedInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let interval: Interval
    public let direction: IntervalDirection

    public init(_ interval: Interval, _ direction: IntervalDirection) {
        self.interval = interval
        // A prime has no direction; normalising keeps {P1u, P1d} from being two intervals.
        self.direction = interval == .prime ? .up : direction
    }

    public static let prime = DirectedInterval(.prime, .up)
    public static let perfectFifthUp = DirectedInterval(.perfectFifth, .up)

    public var semitones: Int { direction == .up ? interval.semitones : -interval.semitones }

    public var abbreviation: String { interval.abbreviation + direction.suffix }

    public var description: String { abbreviation }

    /// Accepts "P5u", "M3d" and, for the prime only, plain "P1".
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        let expected = "an interval abbreviation with u or d, like P5u or M3d"
        if trimmed == "P1" {
            self = .prime
            return
        }
        guard let last = trimmed.last, last == "u" || last == "d", trimmed.count >= 3 else {
            throw .malformed(type: "directed interval", value: text, expected: expected)
        }
        let interval = try Interval(abbreviation: String(trimmed.dropLast()))
        self.init(interval, last == "u" ? .up : .down)
    }

    /// Parses a comma-separated list such as "P5u,M3d"; the result is never empty.
    public static func parseSet(_ text: String) throws(DomainValueError) -> Set<DirectedInterval> {
        let parts = text.split(separator: ",").map { String($0) }.filter { !$0.trimmingWhitespace().isEmpty }
        return try parseSet(parts)
    }

    public static func parseSet(_ items: [String]) throws(DomainValueError) -> Set<DirectedInterval> {
        var result = Set<DirectedInterval>()
        for item in items { result.insert(try DirectedInterval(parsing: item)) }
        guard !result.isEmpty else { throw .emptyIntervalSet }
        return result
    }

    public static func < (lhs: DirectedInterval, rhs: DirectedInterval) -> Bool {
        (lhs.interval, lhs.direction == .up ? 0 : 1) < (rhs.interval, rhs.direction == .up ? 0 : 1)
    }
}
