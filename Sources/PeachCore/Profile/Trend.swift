/// Where the listener is heading, judged from the latest value against the long-run figures.
public enum Trend: String, Hashable, Sendable, CaseIterable {
    case improving, stable, declining

    /// latest > mean + sd → declining; latest ≥ EWMA → stable; otherwise improving.
    /// Needs at least two values.
    public static func classify(latest: Double, mean: Double, standardDeviation: Double, ewma: Double, count: Int) -> Trend? {
        guard count >= 2 else { return nil }
        if latest > mean + standardDeviation { return .declining }
        if latest >= ewma { return .stable }
        return .improving
    }
}
