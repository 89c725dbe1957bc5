/// One discipline's honest figure: the comparison threshold (75 % correct) or the matching
/// spread, over all its trials and per register.
public struct DisciplineThreshold: Hashable, Sendable {
    /// One octave of reference notes (C to B; octave 4 holds C4…B4).
    public struct Register: Hashable, Sendable {
        public let octave: Int
        public let trials: Int
        /// nil: fewer than `ThresholdProfile.minimumTrialsPerRegister` trials, not enough data.
        public let estimate: ThresholdEstimate?

        public init(octave: Int, trials: Int, estimate: ThresholdEstimate?) {
            self.octave = octave
            self.trials = trials
            self.estimate = estimate
        }
    }

    public let discipline: TrainingDiscipline
    public let estimate: ThresholdEstimate
    /// Matching only: the weighted mean signed error (positive: sharp).
    public let bias: Double?
    /// Every register with trials, lowest first.
    public let registers: [Register]

    public init(discipline: TrainingDiscipline, estimate: ThresholdEstimate, bias: Double?, registers: [Register]) {
        self.discipline = discipline
        self.estimate = estimate
        self.bias = bias
        self.registers = registers
    }
}
