import Foundation

/// `ThresholdFit` after every step of a growing history, without refitting the whole history
/// each time (the profile's figure over time: one estimate per training session).
///
/// The fit maximises Σ weight · log P(answer), and recency weights halve every `halfLife` trials,
/// so adding trials only rescales the earlier weights. The running fit keeps, per offset bin, the
/// decayed weight of right and wrong answers (`DecayedAnswerBins`); `ThresholdFitTable` holds
/// each bin's log-probabilities. Offsets are binned at 2 %, as the fit bins them.
public struct RunningThresholdFit: Sendable {
    private var bins: DecayedAnswerBins
    /// Every bin's log-probabilities at every grid point, computed once per bin.
    private var table: ThresholdFitTable

    public var weighting: RecencyWeighting { bins.weighting }
    public var nuisance: ThresholdFit.Nuisance { table.nuisance }
    /// Trials added so far.
    public var trials: Int { bins.trials }

    public init(weighting: RecencyWeighting = .standard, nuisance: ThresholdFit.Nuisance = .standard) {
        bins = DecayedAnswerBins(weighting: weighting)
        table = ThresholdFitTable(nuisance: nuisance)
    }

    /// Adds the next trial in time order.
    public mutating func add(_ observation: ComparisonObservation) {
        bins.add(offset: observation.offset, isCorrect: observation.isCorrect, weight: observation.weight,
                 index: bins.trials, table: &table)
    }

    /// The estimate from every trial added so far; nil before any.
    public func estimate() -> ThresholdEstimate? {
        bins.estimate(table: table)
    }
}
