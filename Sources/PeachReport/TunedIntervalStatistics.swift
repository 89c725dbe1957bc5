import Foundation
import PeachCore

/// Interval trials in a tuning beyond the iOS app's two, per discipline and tuning: a
/// meantone third is another stimulus than an equal-tempered one, so the profile's pooled
/// figures leave them out (`pooledRows`) and these stand beside them.
public struct TunedIntervalStatistics: Hashable, Sendable {
    public let discipline: TrainingDiscipline
    public let tuning: TuningIdentifier
    /// Trials that count: correct answers in comparison, every trial in matching.
    public let trials: Int
    /// Mean |cent offset| of the correct comparisons, or mean |error| of the matchings.
    public let mean: Double

    public init(discipline: TrainingDiscipline, tuning: TuningIdentifier, trials: Int, mean: Double) {
        self.discipline = discipline
        self.tuning = tuning
        self.trials = trials
        self.mean = mean
    }

    /// "interval comparison in meantone-1/4: 12 correct trials, mean 14.2 c".
    public var line: String {
        let counted = discipline.isComparison ? "correct \(trials == 1 ? "trial" : "trials")" : (trials == 1 ? "trial" : "trials")
        let what = discipline == .intervalComparison ? "interval comparison" : "interval matching"
        return "\(what) in \(tuning.name.terminalSafe): \(trials) \(counted), mean \(String(format: "%.1f", mean)) c"
    }
}
