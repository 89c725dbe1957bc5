/// The staircase of Kazez et al. (2001): after a correct answer p → p·(1 − 0.05·√p),
/// after a wrong one p → p·(1 + 0.09·√p), always within `minimum`…100 cents.
/// A cold start (no profile data) begins at 100 cents.
public struct KazezStrategy: DifficultyStrategy {
    public static let defaultMinimum = 0.1
    public static let maximum = 100.0
    public static let coldStart = 100.0

    /// Raised above 0.1 when the synth cannot render finer pitch steps.
    public let minimum: Double

    public var minimumMagnitude: Double { minimum }

    public init(minimum: Double = KazezStrategy.defaultMinimum) {
        let finite = minimum.isFinite ? minimum : Self.defaultMinimum
        self.minimum = min(max(finite, Self.defaultMinimum), Self.maximum)
    }

    public func initialMagnitude(profileMean: Double?) -> Cents {
        guard let mean = profileMean, mean.isFinite else { return clamped(Self.coldStart) }
        return clamped(mean)
    }

    public func nextMagnitude(after magnitude: Cents, wasCorrect: Bool) -> Cents {
        clamped(Self.step(magnitude.rawValue, wasCorrect: wasCorrect))
    }

    /// One unclamped step of the staircase; the rhythm tracks take it in percent of a sixteenth.
    public static func step(_ p: Double, wasCorrect: Bool) -> Double {
        let factor = wasCorrect ? 1 - 0.05 * p.squareRoot() : 1 + 0.09 * p.squareRoot()
        return p * factor
    }

    private func clamped(_ value: Double) -> Cents {
        Cents(unchecked: min(max(value, minimum), Self.maximum))
    }
}
