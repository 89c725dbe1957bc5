import Foundation
import PeachCore

/// What the profile says per item and over time, tallied in the same pass as `ProfileTally`:
/// each interval discipline's estimate per directed interval and tuning system, and each
/// discipline's estimate over the last 7, 30 and 90 days beside the same span before.
///
/// Bounded by what was trained, not by the records: one estimator per interval trained and
/// six per discipline, each a few dozen offset bins.
struct ItemTally {
    /// Numbers only: hashing a tuning system's name for every trial would cost more than its bins.
    struct IntervalKey: Hashable, Codable {
        let discipline: Int
        let interval: DirectedInterval
        /// An index into `tuningSystems`.
        let tuningSystem: Int
    }

    /// Interval trials in one tuning beyond the iOS app's two, in one discipline (issue 32).
    struct ApartKey: Hashable, Codable {
        let discipline: Int
        let tuningSystem: Int
    }

    /// One window length of one discipline: the span itself and the span before it.
    private struct WindowPair {
        var current: ProfileTally.Estimator
        var before: ProfileTally.Estimator
    }

    let now: Date
    let weighting: RecencyWeighting
    var intervals: [IntervalKey: ProfileTally.Estimator] = [:]
    /// The tuning systems' names as met, usually one or two.
    var tuningSystems: [String] = []
    /// The tuning's own estimate per discipline and tuning beyond the iOS two: its trial count
    /// is also the recency index of its trials, as a discipline's is of its own.
    var apart: [ApartKey: ProfileTally.Estimator] = [:]
    /// Per discipline ordinal, per `ProfileReport.Window.lengths`.
    private var windows: [[WindowPair]]
    /// Where each window and the span before it start, as `Window.lengths`.
    private let starts: [(current: Date, before: Date)]

    init(now: Date, weighting: RecencyWeighting) {
        self.now = now
        self.weighting = weighting
        // Inside a window every trial counts alike: the window itself says how recent.
        let flat = RecencyWeighting(halfLife: .infinity)
        let pair = WindowPair(current: ProfileTally.Estimator(flat), before: ProfileTally.Estimator(flat))
        windows = Array(repeating: Array(repeating: pair, count: ProfileReport.Window.lengths.count), count: 4)
        starts = ProfileReport.Window.lengths.map { days in
            (now.addingTimeInterval(-Double(days) * 86_400), now.addingTimeInterval(-2 * Double(days) * 86_400))
        }
    }

    /// Adds the next trial, `index` its place in its discipline (its recency weight, as the
    /// discipline's registers weigh it).
    mutating func add(_ trial: PitchTrial, index: Int, table: inout ThresholdFitTable) {
        let ordinal = trial.discipline.ordinal
        if let interval = trial.interval, let tuningSystem = trial.tuningSystem {
            let key = IntervalKey(discipline: ordinal, interval: interval, tuningSystem: number(of: tuningSystem))
            intervals[key, default: ProfileTally.Estimator(weighting)].add(trial.value, index: index, table: &table)
        }
        // Oldest first: the early trials fall before every window and cost one comparison each.
        for (window, start) in starts.enumerated() where trial.time >= start.before {
            if trial.time >= start.current {
                windows[ordinal][window].current.add(trial.value, index: 0, table: &table)
            } else {
                windows[ordinal][window].before.add(trial.value, index: 0, table: &table)
            }
        }
    }

    /// Adds the next trial of an interval in a tuning beyond the iOS two: it counts for its
    /// interval and its tuning only, weighted by its place among that tuning's trials.
    mutating func addApart(_ trial: PitchTrial, table: inout ThresholdFitTable) {
        guard let interval = trial.interval, let tuningSystem = trial.tuningSystem else { return }
        let system = number(of: tuningSystem)
        let group = ApartKey(discipline: trial.discipline.ordinal, tuningSystem: system)
        let index = apart[group]?.trials ?? 0
        apart[group, default: ProfileTally.Estimator(weighting)].add(trial.value, index: index, table: &table)
        let key = IntervalKey(discipline: trial.discipline.ordinal, interval: interval, tuningSystem: system)
        intervals[key, default: ProfileTally.Estimator(weighting)].add(trial.value, index: index, table: &table)
    }

    /// The index of a tuning system's name in `tuningSystems`, added when new.
    private mutating func number(of tuningSystem: String) -> Int {
        if let known = tuningSystems.firstIndex(of: tuningSystem) { return known }
        tuningSystems.append(tuningSystem)
        return tuningSystems.count - 1
    }

    /// Sets the report's intervals and windows; `newest` is each discipline's latest trial index.
    func finish(into report: inout ProfileReport, newest: [Int], table: ThresholdFitTable) {
        var byDiscipline: [TrainingDiscipline: [IntervalThreshold]] = [:]
        let keys = intervals.keys.sorted {
            ($0.discipline, $0.interval, tuningSystems[$0.tuningSystem]) < ($1.discipline, $1.interval, tuningSystems[$1.tuningSystem])
        }
        for key in keys {
            let discipline = TrainingDiscipline.allCases[key.discipline]
            let estimator = intervals[key]!
            let enough = estimator.trials >= IntervalThreshold.minimumTrials
            // Weighted as of the newest trial of its own kind: its discipline's, or its tuning's apart.
            let latest = apart[ApartKey(discipline: key.discipline, tuningSystem: key.tuningSystem)]
                .map { $0.trials - 1 } ?? newest[key.discipline]
            byDiscipline[discipline, default: []].append(IntervalThreshold(
                discipline: discipline, interval: key.interval, tuningSystem: tuningSystems[key.tuningSystem],
                trials: estimator.trials,
                estimate: enough ? estimator.estimate(asOf: latest, table: table)?.0 : nil))
        }
        report.intervals = byDiscipline
        report.otherTunings = apart.keys.sorted {
            ($0.discipline, tuningSystems[$0.tuningSystem]) < ($1.discipline, tuningSystems[$1.tuningSystem])
        }.map { group in
            let estimator = apart[group]!
            let discipline = TrainingDiscipline.allCases[group.discipline]
            let threshold = estimator.estimate(asOf: estimator.trials - 1, table: table).map { estimate, bias in
                DisciplineThreshold(discipline: discipline, estimate: estimate, bias: bias, registers: [])
            }
            return ProfileReport.OtherTuning(discipline: discipline, tuningSystem: tuningSystems[group.tuningSystem],
                                             trials: estimator.trials, threshold: threshold)
        }
        var windows: [TrainingDiscipline: [ProfileReport.Window]] = [:]
        for discipline in TrainingDiscipline.allCases where newest[discipline.ordinal] >= 0 {
            windows[discipline] = zip(ProfileReport.Window.lengths, self.windows[discipline.ordinal]).map { days, pair in
                Self.window(days: days, pair, table: table)
            }
        }
        report.windows = windows
    }

    private static func window(days: Int, _ pair: WindowPair, table: ThresholdFitTable) -> ProfileReport.Window {
        let (current, before) = (pair.current, pair.before)
        let enough = min(current.trials, before.trials) >= ProfileReport.Window.minimumTrials
        // A comparison window's estimate and likelihood come from one grid, not two.
        let (currentFit, beforeFit) = (current.comparisonFit(table: table), before.comparisonFit(table: table))
        var change: ThresholdChange?
        if enough, before.answers.trials > 0, current.answers.trials > 0 {
            // Comparison: one slope and lapse rate for both windows (see ThresholdChange+SharedFit).
            if let earlier = beforeFit?.likelihood, let later = currentFit?.likelihood {
                change = ThresholdChange(before: earlier, after: later)
            }
        } else if enough, let earlier = before.posterior(table: table), let later = current.posterior(table: table) {
            change = ThresholdChange(before: earlier, after: later)
        }
        return ProfileReport.Window(
            days: days, trials: current.trials, estimate: current.windowEstimate(currentFit, table: table),
            trialsBefore: before.trials, before: before.windowEstimate(beforeFit, table: table), change: change)
    }
}

extension ProfileTally.Estimator {
    /// The index of the newest trial added (0 before any).
    var newest: Int { max(answers.newest, errors.newest) }

    /// How likely each threshold or spread is, as `estimate` weighs the trials.
    func posterior(table: ThresholdFitTable) -> ThresholdPosterior? {
        answers.trials > 0 ? answers.posterior(table: table) : errors.posterior()
    }

    /// A comparison estimator's fit as of its newest trial (estimate and likelihood from one
    /// grid); nil for a matching one, before any trial or without weight.
    func comparisonFit(table: ThresholdFitTable) -> (estimate: ThresholdEstimate, likelihood: GridLikelihood)? {
        answers.trials > 0 ? answers.fit(asOf: newest, table: table) : nil
    }

    /// The estimate as of the newest trial: a comparison's from its `fit`, a matching's spread.
    func windowEstimate(_ fit: (estimate: ThresholdEstimate, likelihood: GridLikelihood)?,
                        table: ThresholdFitTable) -> ThresholdEstimate? {
        answers.trials > 0 ? fit?.estimate : estimate(asOf: newest, table: table)?.0
    }
}
