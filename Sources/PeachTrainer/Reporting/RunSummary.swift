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

    /// One rhythm discipline at one tempo: both sides of the beat together, as the run went.
    public struct RhythmEntry: Hashable, Sendable {
        public let discipline: RhythmDiscipline
        public let tempo: TempoBPM
        public var trials = 0
        /// Offset detection: answers that were right.
        public var correct = 0
        /// Matching: the sums of the taps' offsets and of their sizes, in percent of a sixteenth.
        public var signedPercents = 0.0
        public var absolutePercents = 0.0

        public init(discipline: RhythmDiscipline, tempo: TempoBPM) {
            self.discipline = discipline
            self.tempo = tempo
        }

        public var percentCorrect: Double? {
            discipline == .offsetDetection && trials > 0 ? 100 * Double(correct) / Double(trials) : nil
        }

        /// Matching: where the taps lay on average (negative: early), and how far from the beat.
        public var meanOffsetPercent: Double? {
            discipline == .matching && trials > 0 ? signedPercents / Double(trials) : nil
        }

        public var meanAbsolutePercent: Double? {
            discipline == .matching && trials > 0 ? absolutePercents / Double(trials) : nil
        }
    }

    /// In the order the disciplines were first trained; only those with a completed trial.
    public var entries: [Entry]
    public var rhythm: [RhythmEntry]

    public init(entries: [Entry] = [], rhythm: [RhythmEntry] = []) {
        self.entries = entries
        self.rhythm = rhythm
    }

    /// Counts a completed rhythm trial.
    mutating func tally(_ discipline: RhythmDiscipline, at tempo: TempoBPM, _ update: (inout RhythmEntry) -> Void) {
        let index = rhythm.firstIndex { $0.discipline == discipline && $0.tempo == tempo } ?? {
            rhythm.append(RhythmEntry(discipline: discipline, tempo: tempo))
            return rhythm.count - 1
        }()
        rhythm[index].trials += 1
        update(&rhythm[index])
    }
}
