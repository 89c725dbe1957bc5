/// Receives every completed comparison trial before the next trial starts.
/// A thrown error (e.g. a failed write) stops the session: training never goes on unsaved.
public protocol PitchComparisonObserver: Sendable {
    func pitchComparisonCompleted(_ record: PitchComparisonRecord) async throws
}

/// Receives every completed matching trial before the next trial starts.
public protocol PitchMatchingObserver: Sendable {
    func pitchMatchingCompleted(_ record: PitchMatchingRecord) async throws
}

/// Something that holds training data and can forget all of it (the profile, the store).
public protocol TrainingDataResetting: Sendable {
    func resetAllTrainingData() async throws
}
