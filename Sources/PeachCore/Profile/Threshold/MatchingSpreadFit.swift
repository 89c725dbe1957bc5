import Foundation

/// The spread of a listener's matching errors: their standard deviation around their own mean
/// (the bias, reported apart), with a 95 % interval.
///
/// The errors are taken as normal with an unknown bias; recency weights count as fractional
/// trials (N = Σ weights, S = Σ w·(e − ē)²). The estimate is √(S/(N − 1)); the interval comes
/// from the posterior of σ with the bias integrated out and a 1/σ prior,
/// p(σ) ∝ σ^−N · exp(−S / 2σ²), which is the classical χ²_(N−1) interval for whole counts.
public enum MatchingSpreadFit {
    public struct Result: Hashable, Sendable {
        /// The spread (standard deviation) of the errors.
        public let spread: ThresholdEstimate
        /// The weighted mean signed error: positive when the listener ends sharp.
        public let bias: Double
    }

    /// σ is searched from 0.01 to 400 c in 1 % steps.
    static let spreads: [Double] = {
        let (low, high, ratio) = (0.01, 400.0, 1.01)
        let steps = Int((log(high / low) / log(ratio)).rounded(.up))
        return (0...steps).map { low * pow(ratio, Double($0)) }
    }()

    /// `errors` are signed user cent errors, each with its weight; nil without any.
    public static func estimate(errors: [(error: Double, weight: Double)]) -> Result? {
        let usable = errors.filter { $0.error.isFinite && $0.weight.isFinite && $0.weight > 0 }
        let total = usable.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        let mean = usable.reduce(0) { $0 + $1.weight * $1.error } / total
        let squares = usable.reduce(0) { $0 + $1.weight * ($1.error - mean) * ($1.error - mean) }
        return estimate(totalWeight: total, mean: mean, sumOfSquares: squares, trials: usable.count)
    }

    /// The estimate from the errors' weighted sums (N = Σ w, ē, S = Σ w·(e − ē)²), as a running
    /// tally keeps them; `trials` is how many errors went in. nil without any weight.
    public static func estimate(totalWeight total: Double, mean: Double, sumOfSquares squares: Double,
                                trials: Int) -> Result? {
        guard total > 0, total.isFinite, mean.isFinite, squares.isFinite else { return nil }
        // One trial (or its weight) says nothing about a spread.
        guard total > 1.5, squares > 0 else {
            return Result(spread: ThresholdEstimate(kind: .unresolved, cents: nil, lower: nil, upper: nil,
                                                    trials: trials, effectiveTrials: total),
                          bias: mean)
        }
        let (lower, upper) = interval(sumOfSquares: squares, count: total)
        let spread = ThresholdEstimate(kind: .interval, cents: (squares / (total - 1)).squareRoot(),
                                       lower: lower, upper: upper, trials: trials, effectiveTrials: total)
        return Result(spread: spread, bias: mean)
    }

    /// The 2.5 % and 97.5 % quantiles of σ's posterior, on a log grid (where the 1/σ prior is flat).
    static func interval(sumOfSquares s: Double, count n: Double) -> (Double, Double) {
        // log density per unit of log σ: −(N − 1)·log σ − S/(2σ²).
        let logDensity = spreads.map { sigma in -(n - 1) * log(sigma) - s / (2 * sigma * sigma) }
        let peak = logDensity.max()!
        let mass = logDensity.map { exp($0 - peak) }
        let total = mass.reduce(0, +)
        var cumulative = 0.0
        var lower = spreads.first!, upper = spreads.last!
        var foundLower = false
        for (index, value) in mass.enumerated() {
            let before = cumulative
            cumulative += value / total
            if !foundLower, cumulative >= 0.025 {
                lower = interpolate(index, before, cumulative, 0.025)
                foundLower = true
            }
            if cumulative >= 0.975 {
                upper = interpolate(index, before, cumulative, 0.975)
                break
            }
        }
        return (lower, upper)
    }

    /// The point within grid cell `index` where the cumulative mass reaches `level`, in log σ.
    private static func interpolate(_ index: Int, _ before: Double, _ after: Double, _ level: Double) -> Double {
        let fraction = after > before ? (level - before) / (after - before) : 0.5
        let step = log(1.01)
        return exp(log(spreads[index]) + (fraction - 0.5) * step)
    }
}
