/// One comparison trial as the threshold fit sees it: how large the difference was, whether it
/// was answered correctly, and how much it counts (recency weighting).
public struct ComparisonObservation: Hashable, Sendable {
    /// |cent offset|.
    public let offset: Double
    public let isCorrect: Bool
    /// ≥ 0; 1 for the newest trial.
    public let weight: Double

    public init(offset: Double, isCorrect: Bool, weight: Double = 1) {
        self.offset = offset.isFinite ? abs(offset) : 0
        self.isCorrect = isCorrect
        self.weight = weight.isFinite ? max(0, weight) : 0
    }
}
