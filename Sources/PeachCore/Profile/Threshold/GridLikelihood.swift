/// The comparison fit's log-likelihood at every point of its grid, before the slope and lapse
/// rate are maximised out: what two tallies need to be fitted together with one slope and lapse
/// rate (`ThresholdChange(before:after:)`).
public struct GridLikelihood: Sendable {
    /// Threshold by threshold (`ThresholdFit.thresholds`), `nuisanceCount` values each.
    let values: [Double]
    /// Slopes × lapse rates.
    let nuisanceCount: Int

    /// Per threshold, the best over slope and lapse rate: the fit's profile.
    var profile: [Double] {
        (0..<values.count / nuisanceCount).map { threshold in
            values[threshold * nuisanceCount..<(threshold + 1) * nuisanceCount].max()!
        }
    }
}
