import PeachCore

/// Records a session's completed trials: each with the rig's port and sound, fixed for the
/// session, and the control that answered, which arrives with the trial itself. Nothing is
/// shared between the session and the store but the trial.
public struct TrialRecorder: PitchComparisonObserver, PitchMatchingObserver, RhythmOffsetDetectionObserver,
                             RhythmMatchingObserver, TrainingDataResetting {
    public let store: TrainingStore
    public let rig: RigContext

    public func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        try await store.save(record, rig: context(source))
    }

    public func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try await store.save(record, rig: context(source))
    }

    public func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, answeredBy source: AnswerSource?) async throws {
        try await store.save(record, rig: context(source))
    }

    public func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try await store.save(record, rig: context(source))
    }

    public func resetAllTrainingData() async throws {
        try store.deleteAll()
    }

    /// The computer's keys and program changes are not controls the store records.
    private func context(_ source: AnswerSource?) -> RigContext {
        var context = rig
        context.inputControl = source.flatMap { InputControl(stored: $0.description) }
        return context
    }
}
