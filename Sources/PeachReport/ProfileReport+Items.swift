import PeachCore

extension ProfileReport {
    /// A discipline's estimate from the trials of the last `days` days only, beside the same
    /// span before it: whether the listener has moved, not just where they stand.
    public struct Window: Hashable, Sendable {
        /// 7, 30 or 90.
        public let days: Int
        public let trials: Int
        /// Every trial in the window counts alike (the window is the recency); nil without trials.
        public let estimate: ThresholdEstimate?
        /// The `days` days before the window.
        public let trialsBefore: Int
        public let before: ThresholdEstimate?
        /// nil unless both spans have `minimumTrials` trials.
        public let change: ThresholdChange?

        /// Fewer trials in either span and the comparison says "not enough data yet".
        public static let minimumTrials = IntervalThreshold.minimumTrials
        public static let lengths = [7, 30, 90]
    }

    /// The items of every discipline with a two-sided estimate, weakest first: intervals of the
    /// interval disciplines, and registers of every discipline.
    public func weakSpots(of discipline: TrainingDiscipline) -> (intervals: [WeakSpot], registers: [WeakSpot]) {
        let intervals = (self.intervals[discipline] ?? []).compactMap { item in
            item.estimate.map {
                WeakSpot(discipline: discipline, item: .interval(item.interval, tuningSystem: item.tuningSystem), estimate: $0)
            }
        }
        let registers = (thresholds.disciplines[discipline]?.registers ?? []).compactMap { register in
            register.estimate.map { WeakSpot(discipline: discipline, item: .register(octave: register.octave), estimate: $0) }
        }
        return (WeakSpot.ranked(intervals), WeakSpot.ranked(registers))
    }
}

extension ProfileReport {
    /// `--focus weak` for a session over `intervals`: each interval's estimate in `tuningSystem`
    /// (its stored name) and each register's, from the profile as it stands; the threshold's for
    /// comparison, the spread's for `matching`.
    public func weakFocus(intervals: [DirectedInterval], tuningSystem: String, matching: Bool = false) -> WeakFocus {
        let unison = intervals.allSatisfy { $0 == .prime }
        let discipline: TrainingDiscipline = switch (matching, unison) {
        case (false, true): .unisonComparison
        case (false, false): .intervalComparison
        case (true, true): .unisonMatching
        case (true, false): .intervalMatching
        }
        var estimates: [DirectedInterval: ThresholdEstimate] = [:]
        for item in self.intervals[discipline] ?? [] where item.tuningSystem == tuningSystem {
            estimates[item.interval] = item.estimate
        }
        var registers: [Int: ThresholdEstimate] = [:]
        for register in thresholds.disciplines[discipline]?.registers ?? [] { registers[register.octave] = register.estimate }
        return WeakFocus(intervals: estimates, registers: registers)
    }
}
