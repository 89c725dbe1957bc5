import Foundation

extension PerceptualProfile {
    /// The pitch disciplines' running figures as a value: what a profile fed some trials holds,
    /// so a store can keep it and go on from there with the trials that came after.
    public struct PitchSnapshot: Codable, Hashable, Sendable {
        let accumulators: [TrainingDiscipline: DisciplineAccumulator]
    }

    /// The pitch figures as they stand (the rhythm and named disciplines' are not in it).
    public var pitchSnapshot: PitchSnapshot {
        PitchSnapshot(accumulators: accumulators.withLock { $0 })
    }

    /// A profile holding `snapshot`'s pitch figures and nothing else.
    public convenience init(_ snapshot: PitchSnapshot) {
        self.init()
        accumulators.withLock { $0 = snapshot.accumulators }
    }
}
