/// The states of a pitch comparison session, in the order a trial passes through them.
public enum PitchComparisonState: String, Hashable, Sendable {
    case idle, playingNote1, playingNote2, awaitingAnswer, showingFeedback
}

/// What a comparison trial plays; published when the trial starts.
public struct PitchComparisonTrial: Hashable, Sendable {
    public let number: Int
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningIdentifier
    /// Signed offset of the target from the correct interval pitch; its sign is the answer.
    public let centOffset: Cents
    public let referenceFrequency: Frequency
    public let targetFrequency: Frequency
    /// Loudness offset of the target note.
    public let targetAmplitude: AmplitudeDB
    /// With `--focus weak`: why this interval now ("your weakest"); nil without a focus.
    public var focus: String? = nil
}

/// Everything a comparison session tells its listeners.
public enum PitchComparisonEvent: Sendable {
    case stateChanged(PitchComparisonState)
    case trialStarted(PitchComparisonTrial)
    /// Published after every observer has taken the record, before the feedback state.
    case trialCompleted(PitchComparisonRecord, sessionBest: Cents?)
    case stopped(SessionStopReason)
}
