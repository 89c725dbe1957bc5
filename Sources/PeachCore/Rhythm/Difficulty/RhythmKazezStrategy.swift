/// Chooses how far the fourth click of the next offset detection trial lies off the grid, in
/// percent of a sixteenth note. Each side of the beat runs its own track through it.
public protocol RhythmDifficultyStrategy: Sendable {
    /// A side's first trial of a run: from the profile's mean there when it has one.
    func initialPercent(profileMean: Double?) -> Double
    /// Every later trial on that side: from its previous offset and whether it was answered correctly.
    func nextPercent(after percent: Double, wasCorrect: Bool) -> Double
}

/// The Kazez staircase of the pitch sessions (KazezStrategy.step) in percent of a sixteenth:
/// correct p → p·(1 − 0.05·√p), wrong p → p·(1 + 0.09·√p), within 1…50 %. A cold start begins
/// at 20 %, plainly audible at every tempo; 50 % is halfway to the neighbouring sixteenth, beyond
/// which "early" and "late" would swap meaning; 1 % lies below every listener's threshold
/// (Friberg & Sundberg: about 6 ms, 2.5 % of a long interval).
public struct RhythmKazezStrategy: RhythmDifficultyStrategy {
    public static let minimum = 1.0
    public static let maximum = 50.0
    public static let coldStart = 20.0

    public init() {}

    public func initialPercent(profileMean: Double?) -> Double {
        guard let mean = profileMean, mean.isFinite else { return Self.coldStart }
        return clamped(mean)
    }

    public func nextPercent(after percent: Double, wasCorrect: Bool) -> Double {
        clamped(KazezStrategy.step(percent, wasCorrect: wasCorrect))
    }

    private func clamped(_ value: Double) -> Double {
        min(max(value, Self.minimum), Self.maximum)
    }
}
