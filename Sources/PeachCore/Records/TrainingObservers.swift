/// Receives every completed comparison trial before the next trial starts, with the control
/// that answered it. A thrown error (e.g. a failed write) stops the session: training never
/// goes on unsaved.
public protocol PitchComparisonObserver: Sendable {
    func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws
}

/// Receives every completed matching trial before the next trial starts, with the control
/// that committed it.
public protocol PitchMatchingObserver: Sendable {
    func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws
}

/// Something that holds training data and can forget all of it (the profile, the store).
public protocol TrainingDataResetting: Sendable {
    func resetAllTrainingData() async throws
}
