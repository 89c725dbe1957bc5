import Foundation
import PeachCore

/// Matching errors tallied as they are read: their weighted count, mean and sum of squared
/// deviations (West's running update, which stays exact where Σe² − (Σe)²/N would cancel), each
/// error weighted by how recent it is in its discipline, as `DecayedOutcomeBins` weighs answers.
struct DecayedSpread: Sendable, Codable {
    let weighting: RecencyWeighting
    /// In units of 2^((index − base)/halfLife), as `DecayedOutcomeBins` stores weights.
    private var total = 0.0
    private var mean = 0.0
    private var squares = 0.0
    private var base = 0
    private(set) var trials = 0
    private(set) var newest = 0

    init(weighting: RecencyWeighting) {
        self.weighting = weighting
    }

    /// Adds an error (signed cents); `index` is its place in its discipline's time order.
    mutating func add(_ error: Double, index: Int) {
        trials += 1
        newest = index
        var exponent = weighting.halfLife.isInfinite ? 0 : Double(index - base) / weighting.halfLife
        if exponent > 500 {
            let scale = exp2(-exponent)
            total *= scale
            squares *= scale
            base = index
            exponent = 0
        }
        let weight = exp2(exponent)
        total += weight
        let deviation = error - mean
        mean += weight / total * deviation
        squares += weight * deviation * (error - mean)
    }

    /// How likely each spread is, weighted as `fit` weighs the errors; nil where it has no interval.
    func posterior(asOf newest: Int? = nil) -> ThresholdPosterior? {
        guard trials > 0 else { return nil }
        let scale = weighting.halfLife.isInfinite ? 1 : exp2(Double(base - (newest ?? self.newest)) / weighting.halfLife)
        return MatchingSpreadFit.posterior(totalWeight: total * scale, sumOfSquares: max(0, squares) * scale)
    }

    /// `MatchingSpreadFit`'s result with every error weighted as it is when error `newest` of the
    /// discipline is the latest; nil before any error.
    func fit(asOf newest: Int? = nil) -> MatchingSpreadFit.Result? {
        guard trials > 0 else { return nil }
        let scale = weighting.halfLife.isInfinite ? 1 : exp2(Double(base - (newest ?? self.newest)) / weighting.halfLife)
        return MatchingSpreadFit.estimate(totalWeight: total * scale, mean: mean, sumOfSquares: max(0, squares) * scale,
                                          trials: trials)
    }
}
