import PeachCore

/// What one run of `peach train` did in each discipline it trained: how many trials, how they
/// went, and how the threshold estimate moved from before the run to after it.
public struct RunSummary: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let discipline: TrainingDiscipline
        public var trials = 0
        /// Comparison: answers that were right.
        public var correct = 0
        /// Matching: the sum of |error|, for the mean.
        public var absoluteErrors = 0.0
        /// The estimate before this run's first trial of the discipline, and after its last.
        public var before: ThresholdEstimate?
        public var after: ThresholdEstimate?

        public init(discipline: TrainingDiscipline, before: ThresholdEstimate?) {
            self.discipline = discipline
            self.before = before
        }

        public var percentCorrect: Double? {
            discipline.isComparison && trials > 0 ? 100 * Double(correct) / Double(trials) : nil
        }

        public var meanAbsoluteError: Double? {
            !discipline.isComparison && trials > 0 ? absoluteErrors / Double(trials) : nil
        }
    }

    /// In the order the disciplines were first trained; only those with a completed trial.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }
}
