import Foundation

extension MatchingSpreadFit {
    /// How likely each spread of the fit's grid is, from the errors' weighted sums (N = Σ w,
    /// S = Σ w·(e − ē)²), as the interval is computed; nil where the fit has no interval.
    public static func posterior(totalWeight n: Double, sumOfSquares s: Double) -> ThresholdPosterior? {
        guard n > 1.5, s > 0, n.isFinite, s.isFinite else { return nil }
        return ThresholdPosterior(values: spreads, logDensity: spreads.map { sigma in
            -(n - 1) * log(sigma) - s / (2 * sigma * sigma)
        })
    }
}
