import Foundation

/// `ThresholdFit`'s likelihood terms per 2 % offset bin, computed once per bin and kept: the
/// log-probability of a right and of a wrong answer at every grid point (threshold × slope ×
/// lapse rate). An estimate from weighted answers per bin then costs one multiply-add per bin
/// and grid point instead of a logarithm, however many tallies (disciplines, registers, the
/// state a week ago, every session of the history) share the table.
public struct ThresholdFitTable: Sendable {
    private struct Row: Sendable {
        let logRight: [Double]
        let logWrong: [Double]
    }

    public let nuisance: ThresholdFit.Nuisance
    private var rows: [Int: Row] = [:]

    public init(nuisance: ThresholdFit.Nuisance = .standard) {
        self.nuisance = nuisance
    }

    private var size: Int { ThresholdFit.thresholds.count * nuisance.slopes.count * nuisance.lapseRates.count }

    /// Computes the row of bin `key` (`ThresholdFit.bin(of:)`) unless it is there already.
    public mutating func prepare(_ key: Int) {
        guard rows[key] == nil else { return }
        let offset = key == Int.min ? 0 : exp(Double(key) * log(1.02))
        var logRight: [Double] = []
        var logWrong: [Double] = []
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
        rows[key] = Row(logRight: logRight, logWrong: logWrong)
    }

    /// The estimate from the weight of right and wrong answers per bin (every key prepared), for
    /// `trials` trials; nil without weight. A bin weighing less than a millionth of a trial
    /// (trials 20 half-lives old) moves nothing the fit reports and is left out, so a long
    /// history costs what a short one does.
    public func estimate(_ bins: some Sequence<(key: Int, right: Double, wrong: Double)>, trials: Int) -> ThresholdEstimate? {
        guard let (profile, total) = profile(bins) else { return nil }
        return ThresholdFit.estimate(fromProfile: profile, trials: trials, effectiveTrials: total)
    }

    /// The log-likelihood per grid threshold (`ThresholdFit.thresholds`), slope and lapse rate
    /// maximised out, and the weight that went in; nil without weight.
    func profile(_ bins: some Sequence<(key: Int, right: Double, wrong: Double)>) -> (profile: [Double], weight: Double)? {
        guard let (sums, total) = grid(bins) else { return nil }
        let perThreshold = nuisance.slopes.count * nuisance.lapseRates.count
        let profile = (0..<ThresholdFit.thresholds.count).map { threshold in
            sums[threshold * perThreshold..<(threshold + 1) * perThreshold].max()!
        }
        return (profile, total)
    }

    /// The log-likelihood at every grid point, threshold by threshold, each with its slopes and
    /// lapse rates (`GridLikelihood`), and the weight that went in; nil without weight.
    func grid(_ bins: some Sequence<(key: Int, right: Double, wrong: Double)>) -> (sums: [Double], weight: Double)? {
        var sums = [Double](repeating: 0, count: size)
        var total = 0.0
        sums.withUnsafeMutableBufferPointer { sums in
            for (key, right, wrong) in bins {
                guard right + wrong > 1e-6, let row = rows[key] else { continue }
                total += right + wrong
                row.logRight.withUnsafeBufferPointer { logRight in
                    row.logWrong.withUnsafeBufferPointer { logWrong in
                        for index in 0..<sums.count { sums[index] += right * logRight[index] + wrong * logWrong[index] }
                    }
                }
            }
        }
        guard total > 0 else { return nil }
        return (sums, total)
    }
}

/// Kept as the keys of its rows and its grid: the rows are computed again on reading (each is a
/// function of its key), and a fit only weighs the bins whose row is there.
extension ThresholdFitTable: Codable {
    private enum CodingKeys: String, CodingKey { case nuisance, keys }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(nuisance: try container.decode(ThresholdFit.Nuisance.self, forKey: .nuisance))
        for key in try container.decode([Int].self, forKey: .keys) { prepare(key) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nuisance, forKey: .nuisance)
        try container.encode(rows.keys.sorted(), forKey: .keys)
    }
}
