/// How long a note of a trial sounds. Clamped, not refused, to 0.3…3.0 s, as Peach does.
public struct NoteDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let allowedSeconds = 0.3...3.0

    public let seconds: Double

    /// Clamps into 0.3…3.0 s; a non-finite value is refused since it has no nearest bound.
    public init(seconds: Double) throws(DomainValueError) {
        guard seconds.isFinite else { throw .notFinite(type: "note duration") }
        self.init(clamping: seconds)
    }

    init(clamping seconds: Double) {
        self.seconds = min(max(seconds, Self.allowedSeconds.lowerBound), Self.allowedSeconds.upperBound)
    }

    public var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    public var description: String { "\(seconds) s" }

    public static func < (lhs: NoteDuration, rhs: NoteDuration) -> Bool { lhs.seconds < rhs.seconds }
}
