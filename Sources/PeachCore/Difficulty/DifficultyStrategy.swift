/// Chooses how large the pitch difference of the next comparison trial is.
public protocol DifficultyStrategy: Sendable {
    /// The first trial of a run: from the profile's mean when there is one (continuity).
    func initialMagnitude(profileMean: Double?) -> Cents
    /// Every later trial: from the previous magnitude and whether it was answered correctly.
    func nextMagnitude(after magnitude: Cents, wasCorrect: Bool) -> Cents
}
