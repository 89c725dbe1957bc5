/// Samples reduced to the figures BENCHMARKS.md shows. Percentiles by nearest rank: the p99 of
/// 1000 samples is the 990th smallest, a value that was really measured.
struct Summary: Codable, Hashable, Sendable {
    let samples: Int
    let median: Double
    let p99: Double
    let max: Double
    let mean: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        samples = sorted.count
        guard !sorted.isEmpty else {
            median = .nan; p99 = .nan; max = .nan; mean = .nan
            return
        }
        median = Self.rank(0.5, of: sorted)
        p99 = Self.rank(0.99, of: sorted)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    private static func rank(_ fraction: Double, of sorted: [Double]) -> Double {
        let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
    }
}
