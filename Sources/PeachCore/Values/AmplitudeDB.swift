/// A loudness offset in decibels, clamped to −90…+12 dB as Peach does.
public struct AmplitudeDB: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let allowedRange = -90.0...12.0
    public static let zero = AmplitudeDB(clamping: 0)

    public let decibels: Double

    /// Clamps into −90…+12 dB; a non-finite value is refused.
    public init(decibels: Double) throws(DomainValueError) {
        guard decibels.isFinite else { throw .notFinite(type: "amplitude") }
        self.init(clamping: decibels)
    }

    init(clamping decibels: Double) {
        self.decibels = min(max(decibels, Self.allowedRange.lowerBound), Self.allowedRange.upperBound)
    }

    public var description: String { "\(decibels) dB" }

    public static func < (lhs: AmplitudeDB, rhs: AmplitudeDB) -> Bool { lhs.decibels < rhs.decibels }
}
