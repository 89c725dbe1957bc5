import Foundation

/// How likely each value of a threshold (or spread) is after the trials, on the fit's log
/// grid: what comparing two estimates needs beyond their intervals. The likelihood is the
/// profile the fit already computes (nuisance parameters maximised out), with a prior flat in
/// log cents, as the fit's own interval assumes.
public struct ThresholdPosterior: Sendable {
    /// Cents, ascending.
    public let values: [Double]
    /// The probability of each value; together 1.
    public let masses: [Double]

    /// `logDensity` per value of `values`; entries that are not finite count as impossible.
    public init?(values: [Double], logDensity: [Double]) {
        guard values.count == logDensity.count, let peak = logDensity.filter(\.isFinite).max() else { return nil }
        let raw = logDensity.map { $0.isFinite ? exp($0 - peak) : 0 }
        let total = raw.reduce(0, +)
        guard total > 0 else { return nil }
        self.values = values
        masses = raw.map { $0 / total }
    }

    /// The values that carry all but a negligible share of the mass, with their masses.
    func support(keeping share: Double = 1e-7) -> [(value: Double, mass: Double)] {
        let largest = masses.max() ?? 0
        return zip(values, masses).filter { $0.1 > largest * share }.map { (value: $0.0, mass: $0.1) }
    }
}
