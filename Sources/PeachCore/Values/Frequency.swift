import Foundation

/// A frequency in hertz; finite and greater than zero.
public struct Frequency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hertz: Double

    public init(hertz: Double) throws(DomainValueError) {
        guard hertz.isFinite else { throw .notFinite(type: "frequency") }
        guard hertz > 0 else {
            throw .outOfRange(type: "frequency", value: "\(hertz) Hz", allowed: "greater than 0 Hz")
        }
        self.hertz = hertz
    }

    init(uncheckedHertz: Double) {
        precondition(uncheckedHertz.isFinite && uncheckedHertz > 0)
        self.hertz = uncheckedHertz
    }

    public static let concertA = Frequency(uncheckedHertz: 440)

    /// The frequency `cents` above (or below, when negative) this one.
    public func shifted(by cents: Cents) -> Frequency {
        Frequency(uncheckedHertz: hertz * pow(2, cents.rawValue / 1200))
    }

    /// How far `self` lies above `other`: 1200 · log2(self / other).
    public func cents(above other: Frequency) -> Cents {
        Cents(unchecked: 1200 * log2(hertz / other.hertz))
    }

    public var description: String { String(format: "%.4f Hz", hertz) }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }
}
