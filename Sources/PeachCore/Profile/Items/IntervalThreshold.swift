/// One directed interval's estimate in one interval discipline and tuning system: where a
/// musician hears an interval worse than another.
public struct IntervalThreshold: Hashable, Sendable {
    /// An interval is estimated on its own from this many trials on, as a register is.
    public static let minimumTrials = ThresholdProfile.minimumTrialsPerRegister

    public let discipline: TrainingDiscipline
    public let interval: DirectedInterval
    /// The tuning system's stored name (`equalTemperament`, …).
    public let tuningSystem: String
    public let trials: Int
    /// nil: fewer than `minimumTrials` trials, not enough data yet.
    public let estimate: ThresholdEstimate?

    public init(discipline: TrainingDiscipline, interval: DirectedInterval, tuningSystem: String, trials: Int,
                estimate: ThresholdEstimate?) {
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.trials = trials
        self.estimate = estimate
    }
}

extension IntervalThreshold {
    /// The tuning in words: "just intonation", "meantone-1/4", "equal temperament".
    public var tuningName: String { TuningIdentifier(unchecked: tuningSystem).shownName ?? "equal temperament" }
}
