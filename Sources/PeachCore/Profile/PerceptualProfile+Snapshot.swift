import Foundation

extension PerceptualProfile {
    /// The pitch disciplines' running figures as a value: what a profile fed some trials holds,
    /// so a store can keep it and go on from there with the trials that came after.
    public struct PitchSnapshot: Codable, Hashable, Sendable {
        let accumulators: [TrainingDiscipline: DisciplineAccumulator]
        /// Those kept under a name: in a profile fed pitch trials only, the intervals in the
        /// tunings kept apart (PerceptualProfile+Tunings), where a tempered session starts from.
        let named: [String: DisciplineAccumulator]
    }

    /// The pitch figures as they stand, the named ones with them (the rhythm ones are not in it).
    public var pitchSnapshot: PitchSnapshot {
        PitchSnapshot(accumulators: accumulators.withLock { $0 }, named: namedAccumulators.withLock { $0 })
    }

    /// A profile holding `snapshot`'s figures and nothing else.
    public convenience init(_ snapshot: PitchSnapshot) {
        self.init()
        accumulators.withLock { $0 = snapshot.accumulators }
        namedAccumulators.withLock { $0 = snapshot.named }
    }
}
