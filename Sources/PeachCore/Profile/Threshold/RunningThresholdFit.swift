import Foundation

/// `ThresholdFit` after every step of a growing history, without refitting the whole history
/// each time (the profile's figure over time: one estimate per training session).
///
/// The fit maximises Σ weight · log P(answer), and recency weights halve every `halfLife` trials,
/// so adding trials only rescales the earlier weights. The running fit keeps, per offset bin, the
/// decayed weight of right and wrong answers, and the bin's log-probabilities at every grid point
/// (threshold × slope × lapse rate), computed once per bin: an estimate then costs one
/// multiply-add per bin and grid point instead of a logarithm. Offsets are binned at 2 %, as
/// the fit bins them.
public struct RunningThresholdFit: Sendable {
    private struct Bin: Sendable {
        /// Weights in units of 2^(−(base − index)/halfLife) (see `base`).
        var right = 0.0
        var wrong = 0.0
        /// log P(correct) and log P(wrong) at every grid point.
        let logRight: [Double]
        let logWrong: [Double]
    }

    public let weighting: RecencyWeighting
    public let nuisance: ThresholdFit.Nuisance
    private var bins: [Int: Bin] = [:]
    /// Trials added so far.
    public private(set) var trials = 0
    /// Stored weights are relative to the trial with this index, so they neither overflow nor
    /// fade to nothing however long the history grows; moved forward now and then.
    private var base = 0

    static let binStep = log(1.02)

    public init(weighting: RecencyWeighting = .standard, nuisance: ThresholdFit.Nuisance = .standard) {
        self.weighting = weighting
        self.nuisance = nuisance
    }

    /// Adds the next trial in time order.
    public mutating func add(_ observation: ComparisonObservation) {
        let index = trials
        trials += 1
        var exponent = weighting.halfLife.isInfinite ? 0 : Double(index - base) / weighting.halfLife
        if exponent > 500 {
            let scale = exp2(-exponent)
            for key in bins.keys {
                bins[key]!.right *= scale
                bins[key]!.wrong *= scale
            }
            base = index
            exponent = 0
        }
        let weight = exp2(exponent) * observation.weight
        let key = observation.offset > 0 ? Int((log(observation.offset) / Self.binStep).rounded()) : Int.min
        if bins[key] == nil { bins[key] = makeBin(key) }
        if observation.isCorrect { bins[key]!.right += weight } else { bins[key]!.wrong += weight }
    }

    /// The estimate from every trial added so far; nil before any.
    public func estimate() -> ThresholdEstimate? {
        guard trials > 0 else { return nil }
        // The newest trial counts 1: 2^((base − newest)/halfLife) turns stored weights into true ones.
        let scale = weighting.halfLife.isInfinite ? 1 : exp2(Double(base - (trials - 1)) / weighting.halfLife)
        let size = ThresholdFit.thresholds.count * nuisance.slopes.count * nuisance.lapseRates.count
        var sums = [Double](repeating: 0, count: size)
        var total = 0.0
        sums.withUnsafeMutableBufferPointer { sums in
            for bin in bins.values {
                let (right, wrong) = (bin.right * scale, bin.wrong * scale)
                // Trials 20 half-lives old (a millionth of the newest one's weight) move nothing the
                // fit reports; leaving them out keeps a long history as cheap as a short one.
                guard right + wrong > 1e-6 else { continue }
                total += right + wrong
                bin.logRight.withUnsafeBufferPointer { logRight in
                    bin.logWrong.withUnsafeBufferPointer { logWrong in
                        for index in 0..<size { sums[index] += right * logRight[index] + wrong * logWrong[index] }
                    }
                }
            }
        }
        guard total > 0 else { return nil }
        let perThreshold = nuisance.slopes.count * nuisance.lapseRates.count
        let profile = (0..<ThresholdFit.thresholds.count).map { threshold in
            sums[threshold * perThreshold..<(threshold + 1) * perThreshold].max()!
        }
        return ThresholdFit.estimate(fromProfile: profile, trials: trials, effectiveTrials: total)
    }

    private func makeBin(_ key: Int) -> Bin {
        let offset = key == Int.min ? 0 : exp(Double(key) * Self.binStep)
        var logRight: [Double] = []
        var logWrong: [Double] = []
        let size = ThresholdFit.thresholds.count * nuisance.slopes.count * nuisance.lapseRates.count
        logRight.reserveCapacity(size)
        logWrong.reserveCapacity(size)
        for threshold in ThresholdFit.thresholds {
            for slope in nuisance.slopes {
                let q = exp2(-ThresholdFit.power(offset / threshold, slope))
                for lapse in nuisance.lapseRates {
                    let (right, wrong) = ThresholdFit.logProbabilities(q: q, offset, threshold, slope, lapse)
                    logRight.append(right)
                    logWrong.append(wrong)
                }
            }
        }
        return Bin(logRight: logRight, logWrong: logWrong)
    }
}
