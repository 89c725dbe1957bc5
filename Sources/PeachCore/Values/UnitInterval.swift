/// A number in 0…1, such as the loudness variation setting.
public struct UnitInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let zero = UnitInterval(unchecked: 0)

    public let value: Double

    public init(_ value: Double) throws(DomainValueError) {
        guard value.isFinite else { throw .notFinite(type: "unit interval value") }
        guard (0...1).contains(value) else {
            throw .outOfRange(type: "unit interval value", value: String(value), allowed: "0…1")
        }
        self.value = value
    }

    init(unchecked value: Double) { self.value = value }

    public var description: String { String(value) }

    public static func < (lhs: UnitInterval, rhs: UnitInterval) -> Bool { lhs.value < rhs.value }
}
