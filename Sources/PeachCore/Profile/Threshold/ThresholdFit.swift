import Foundation

/// The comparison threshold from every trial, right and wrong: a maximum-likelihood fit of
/// `PsychometricFunction` on a grid, with a 95 % profile-likelihood interval.
///
/// The threshold is searched from 0.05 to 400 c in 3 % steps; the slope (1.5…3) and the lapse
/// rate (0…0.06) are nuisance parameters, maximised out at every threshold, so a few careless
/// answers lower the fitted lapse instead of dragging the threshold. The slope is bounded
/// because a slope chosen freely from a few dozen trials overfits them (figure 9 of
/// BENCHMARKS.md measured the choice). The interval is every
/// threshold whose best likelihood lies within χ²₁(95 %)/2 = 1.92 log units of the overall
/// best; when it reaches the end of the grid, the data do not bound that side and the estimate
/// says so (all correct: "below X"; all wrong: "above Y").
public enum ThresholdFit {
    public static let thresholds: [Double] = {
        let (low, high, ratio) = (0.05, 400.0, 1.03)
        let steps = Int((log(high / low) / log(ratio)).rounded(.up))
        return (0...steps).map { low * pow(ratio, Double($0)) }
    }()
    /// The slopes and lapse rates the fit may choose from.
    public struct Nuisance: Hashable, Sendable, Codable {
        public static let standard = Nuisance(slopes: [1.5, 2, 3], lapseRates: [0, 0.02, 0.04, 0.06])

        public let slopes: [Double]
        public let lapseRates: [Double]

        public init(slopes: [Double], lapseRates: [Double]) {
            self.slopes = slopes
            self.lapseRates = lapseRates
        }
    }
    /// Half the 95 % quantile of χ² with one degree of freedom.
    static let intervalDrop = 3.841_458_820_694_124 / 2

    /// Σ weight · log P(answer | offset) under `function`: what the fit maximises.
    public static func logLikelihood(_ observations: [ComparisonObservation], under function: PsychometricFunction) -> Double {
        observations.reduce(0) { sum, observation in
            let (right, wrong) = logProbabilities(offset: observation.offset, threshold: function.threshold,
                                                  slope: function.slope, lapseRate: function.lapseRate)
            return sum + observation.weight * (observation.isCorrect ? right : wrong)
        }
    }

    /// The estimate from `observations` (any order); nil without any weight to go on.
    public static func estimate(_ observations: [ComparisonObservation], nuisance: Nuisance = .standard) -> ThresholdEstimate? {
        estimate(observations, trials: observations.count, nuisance: nuisance)
    }

    /// As `estimate(_:nuisance:)`, for observations that stand for `trials` trials: a running
    /// tally hands over one merged observation per offset bin (`offset` at the bin's centre).
    public static func estimate(_ observations: [ComparisonObservation], trials: Int,
                                nuisance: Nuisance = .standard) -> ThresholdEstimate? {
        let bins = binned(observations)
        let totalWeight = bins.reduce(0) { $0 + $1.right + $1.wrong }
        guard totalWeight > 0 else { return nil }
        let profile = profileLogLikelihood(bins, nuisance)
        return estimate(fromProfile: profile, trials: trials, effectiveTrials: totalWeight)
    }

    /// The centre of the 2 % offset bin `offset` falls in, and the bin's key (offset 0 has its own).
    public static func bin(of offset: Double) -> (key: Int, centre: Double) {
        let step = log(1.02)
        let key = offset > 0 ? Int((log(offset) / step).rounded()) : Int.min
        return (key, key == Int.min ? 0 : exp(Double(key) * step))
    }

    /// For each grid threshold: the log-likelihood maximised over slope and lapse rate.
    static func profileLogLikelihood(_ bins: [Bin], _ nuisance: Nuisance) -> [Double] {
        let lapses = nuisance.lapseRates
        return thresholds.map { threshold in
            var best = -Double.infinity
            for slope in nuisance.slopes {
                var sums = [Double](repeating: 0, count: lapses.count)
                for bin in bins {
                    let z = power(bin.offset / threshold, slope)
                    let q = exp2(-z)
                    for index in lapses.indices {
                        // P(wrong) = q/2 + λ(1 − q); only the logs a bin's answers need are taken.
                        let lapse = lapses[index]
                        let wrong = 0.5 * q + lapse * (1 - q)
                        var sum = 0.0
                        if bin.right > 0 { sum += bin.right * log1p(-wrong) }
                        if bin.wrong > 0 { sum += bin.wrong * (lapse == 0 ? log(0.5) - log(2.0) * z : log(wrong)) }
                        sums[index] += sum
                    }
                }
                best = max(best, sums.max() ?? best)
            }
            return best
        }
    }

    static func estimate(fromProfile profile: [Double], trials: Int, effectiveTrials: Double) -> ThresholdEstimate {
        let grid = thresholds
        let best = profile.indices.max { profile[$0] < profile[$1] }!
        let cutoff = profile[best] - intervalDrop
        var low = best, high = best
        while low > 0, profile[low - 1] >= cutoff { low -= 1 }
        while high < grid.count - 1, profile[high + 1] >= cutoff { high += 1 }
        let lowerBound = low > 0 ? crossing(profile, grid, inside: low, outside: low - 1, cutoff) : nil
        let upperBound = high < grid.count - 1 ? crossing(profile, grid, inside: high, outside: high + 1, cutoff) : nil
        let kind: ThresholdEstimate.Kind = switch (lowerBound, upperBound) {
        case (.some, .some): .interval
        case (nil, .some): .below
        case (.some, nil): .above
        case (nil, nil): .unresolved
        }
        let cents = kind == .interval ? refinedMaximum(profile, grid, at: best) : nil
        return ThresholdEstimate(kind: kind, cents: cents, lower: lowerBound, upper: upperBound,
                                 trials: trials, effectiveTrials: effectiveTrials)
    }

    /// Where the profile falls through `cutoff` between two grid points, linear in log cents.
    private static func crossing(_ profile: [Double], _ grid: [Double], inside: Int, outside: Int, _ cutoff: Double) -> Double {
        let span = profile[inside] - profile[outside]
        let fraction = span > 0 && span.isFinite ? (profile[inside] - cutoff) / span : 0.5
        return exp(log(grid[inside]) + fraction * (log(grid[outside]) - log(grid[inside])))
    }

    /// The maximum between grid points: a parabola through the best point and its neighbours.
    private static func refinedMaximum(_ profile: [Double], _ grid: [Double], at best: Int) -> Double {
        guard best > 0, best < grid.count - 1 else { return grid[best] }
        let (a, b, c) = (profile[best - 1], profile[best], profile[best + 1])
        let curvature = a - 2 * b + c
        guard curvature < 0, curvature.isFinite else { return grid[best] }
        let shift = min(max(0.5 * (a - c) / curvature, -0.5), 0.5)
        let step = log(grid[best + 1]) - log(grid[best])
        return exp(log(grid[best]) + shift * step)
    }

    // MARK: - Likelihood

    /// x^β, by multiplication for the slopes the fit uses (pow is most of a fit's time).
    @inline(__always)
    static func power(_ x: Double, _ slope: Double) -> Double {
        switch slope {
        case 2: x * x
        case 3: x * x * x
        case 1.5: x * x.squareRoot()
        case 1: x
        default: pow(x, slope)
        }
    }

    /// log P(correct) and log P(wrong), finite even where a lapse-free function is certain.
    static func logProbabilities(offset: Double, threshold: Double, slope: Double, lapseRate: Double) -> (right: Double, wrong: Double) {
        logProbabilities(q: exp2(-pow(offset / threshold, slope)), offset, threshold, slope, lapseRate)
    }

    /// `q` = 2^−(x/T)^β, the lapse-free chance of not hearing the difference.
    static func logProbabilities(q: Double, _ offset: Double, _ threshold: Double, _ slope: Double,
                                 _ lapseRate: Double) -> (right: Double, wrong: Double) {
        // P(wrong) = q/2 + λ(1 − q); without lapses its log is taken directly, as q underflows.
        let wrong = lapseRate == 0
            ? log(0.5) - log(2.0) * power(offset / threshold, slope)
            : log(0.5 * q + lapseRate * (1 - q))
        let right = log1p(-(0.5 * q + lapseRate * (1 - q)))
        return (right, wrong)
    }

    /// Trials merged into 2 % wide bins of offset (finer than the fit's 3 % grid; a trial moves
    /// at most 1 % to its bin's centre), so a history of 100 000 trials costs what a hundred or
    /// two distinct offsets cost.
    struct Bin {
        var offset: Double
        var right = 0.0
        var wrong = 0.0
    }

    static func binned(_ observations: [ComparisonObservation]) -> [Bin] {
        var bins: [Int: Bin] = [:]
        for observation in observations where observation.weight > 0 {
            // Offset 0 (an undetuned target) has a bin of its own: no threshold hears it.
            let (key, centre) = bin(of: observation.offset)
            var bin = bins[key] ?? Bin(offset: centre)
            if observation.isCorrect { bin.right += observation.weight } else { bin.wrong += observation.weight }
            bins[key] = bin
        }
        return bins.keys.sorted().map { bins[$0]! }
    }
}
