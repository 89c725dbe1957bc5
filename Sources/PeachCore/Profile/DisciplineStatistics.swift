import Foundation

/// The figures of one discipline: lower is better everywhere (they are cent errors).
public struct DisciplineStatistics: Hashable, Sendable {
    public var count: Int
    public var mean: Double
    public var standardDeviation: Double
    public var ewma: Double
    public var latest: Double
    public var trend: Trend?
}

/// Accumulates one discipline's values in arrival order.
struct DisciplineAccumulator: Hashable, Sendable, Codable {
    private var welford = WelfordAccumulator()
    private var ewma = SessionEWMA()
    private var latest: Double?

    mutating func add(_ value: Double, at time: Date) {
        welford.add(value)
        ewma.add(value, at: time)
        latest = value
    }

    var statistics: DisciplineStatistics? {
        guard let latest, let average = ewma.value else { return nil }
        let sd = welford.standardDeviation
        return DisciplineStatistics(
            count: welford.count, mean: welford.mean, standardDeviation: sd, ewma: average, latest: latest,
            trend: Trend.classify(latest: latest, mean: welford.mean, standardDeviation: sd, ewma: average, count: welford.count))
    }
}
