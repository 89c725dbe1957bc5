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
