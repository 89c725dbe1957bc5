import PeachCore

/// What one run of `peach train` did in each discipline it trained: how many trials, how they
/// went, and how the threshold estimate moved from before the run to after it.
public struct RunSummary: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let discipline: TrainingDiscipline
        /// The tuning an interval discipline was trained in (issue 32: a tempered third is
        /// another stimulus, with an estimate of its own); nil for unisons, alike in every tuning.
        public let tuning: TuningIdentifier?
        public var trials = 0
        /// Comparison: answers that were right.
        public var correct = 0
        /// Matching: the sum of |error|, for the mean.
        public var absoluteErrors = 0.0
        /// The estimate before this run's first trial of the discipline, and after its last.
        public var before: ThresholdEstimate?
        public var after: ThresholdEstimate?

        public init(discipline: TrainingDiscipline, before: ThresholdEstimate?, tuning: TuningIdentifier? = nil) {
            self.discipline = discipline
            self.tuning = Self.tuning(of: discipline, tuning)
            self.before = before
        }

        /// Whose entry a trial counts in: a unison's tuning does not matter.
        static func tuning(of discipline: TrainingDiscipline, _ tuning: TuningIdentifier?) -> TuningIdentifier? {
            discipline == .unisonComparison || discipline == .unisonMatching ? nil : tuning
        }

        /// The tuning in words where it is not the one every trial assumes unless told:
        /// "werckmeister-iii", "just intonation"; nil in equal temperament and for unisons.
        public var shownTuning: String? { tuning?.shownName }

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

    /// In the order the disciplines (and, for intervals, tunings) were first trained.
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
