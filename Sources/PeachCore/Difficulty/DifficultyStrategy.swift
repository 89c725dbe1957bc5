/// Chooses how large the pitch difference of the next comparison trial is.
public protocol DifficultyStrategy: Sendable {
    /// The first trial of a run: from the profile's mean when there is one (continuity).
    func initialMagnitude(profileMean: Double?) -> Cents
    /// Every later trial: from the previous magnitude and whether it was answered correctly.
    func nextMagnitude(after magnitude: Cents, wasCorrect: Bool) -> Cents
    /// The smallest magnitude worth asking (the synth's finest step): `--focus weak`'s staircases
    /// stop there too.
    var minimumMagnitude: Double { get }
}

extension DifficultyStrategy {
    public var minimumMagnitude: Double { KazezStrategy.defaultMinimum }
}
