/// A pitch difference in cents, 1200 to the octave. Always finite.
public struct Cents: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Double

    public init(_ rawValue: Double) throws(DomainValueError) {
        guard rawValue.isFinite else { throw .notFinite(type: "cent value") }
        self.rawValue = rawValue
    }

    init(unchecked rawValue: Double) {
        precondition(rawValue.isFinite)
        self.rawValue = rawValue
    }

    public static let zero = Cents(unchecked: 0)

    /// The most a recorded trial's cent value can be either way: an octave. Comparison offsets
    /// stay within 100 c, matching offsets and errors within a few tens; no version of the iOS
    /// app or of this engine records more. A stored or imported value beyond it is damage, and
    /// refused, so that no figure computed from the records can overflow.
    public static let recordedLimit = Cents(unchecked: 1200)

    /// A sounding offset worked out through frequencies, rounded to 0.0001 c: far below any
    /// pitch difference an ear or a synth resolves, and free of the floating-point tail
    /// (0.9999999999998) that would otherwise reach the store and the exports.
    static func roundedToRecordingPrecision(_ cents: Double) -> Double {
        (cents * 10_000).rounded() / 10_000
    }

    /// Whether a record may hold this value (`recordedLimit`).
    public var isRecordable: Bool { abs(rawValue) <= Self.recordedLimit.rawValue }

    public var magnitude: Cents { Cents(unchecked: abs(rawValue)) }

    public var description: String { "\(rawValue) c" }

    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(unchecked: lhs.rawValue + rhs.rawValue) }
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(unchecked: lhs.rawValue - rhs.rawValue) }
    public static prefix func - (value: Cents) -> Cents { Cents(unchecked: -value.rawValue) }
}

extension Cents: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(unchecked: value) }
    public init(integerLiteral value: Int) { self.init(unchecked: Double(value)) }
}
