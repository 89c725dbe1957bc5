import Foundation

/// How much older trials count: a trial's weight halves with every `halfLife` trials of the same
/// discipline (and register) that came after it. The newest trial counts 1.
///
/// By trial count rather than by date, so a holiday does not erase what the trials showed,
/// while a listener who improves sees the estimate follow within a few hundred trials. The
/// weights also widen the interval: a faded trial is evidence counted at its weight.
public struct RecencyWeighting: Hashable, Sendable {
    public static let standard = RecencyWeighting(halfLife: 300)

    /// In trials; `.infinity` weighs every trial alike.
    public let halfLife: Double

    public init(halfLife: Double) {
        self.halfLife = halfLife > 0 && !halfLife.isNaN ? halfLife : Self.standard.halfLife
    }

    /// The weight of a trial with `later` trials after it.
    public func weight(trialsAfter later: Int) -> Double {
        halfLife.isInfinite ? 1 : exp2(-Double(later) / halfLife)
    }

    /// Weights for `count` trials in time order, oldest first.
    public func weights(count: Int) -> [Double] {
        (0..<count).map { weight(trialsAfter: count - 1 - $0) }
    }
}

/// As its half-life alone, read back through `init(halfLife:)` so a stored value is checked as a
/// new one is.
extension RecencyWeighting: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(halfLife: try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(halfLife)
    }
}
