import PeachCore

/// Records a session's completed trials: each with the rig's port and sound, fixed for the
/// session, and the control that answered, which arrives with the trial itself. Nothing is
/// shared between the session and the store but the trial. Each discipline's observer
/// conformance is in its folder (`Disciplines/<Name>/`).
public struct TrialRecorder: TrainingDataResetting {
    public let store: TrainingStore
    public let rig: RigContext

    public func resetAllTrainingData() async throws {
        try store.deleteAll()
    }

    /// The computer's keys and program changes are not controls the store records.
    func context(_ source: AnswerSource?) -> RigContext {
        var context = rig
        context.inputControl = source.flatMap { InputControl(stored: $0.description) }
        return context
    }
}
