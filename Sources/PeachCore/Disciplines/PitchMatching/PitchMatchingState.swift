/// The states of a pitch matching session, in the order a trial passes through them.
public enum PitchMatchingState: String, Hashable, Sendable {
    case idle, playingReference, awaitingTouch, playingTunable, showingFeedback
}

/// What a matching trial plays; published when the trial starts.
public struct PitchMatchingTrial: Hashable, Sendable {
    public let number: Int
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningIdentifier
    /// Where the tunable note starts, relative to the target: uniform in −20…+20 cents.
    public let initialCentOffset: Cents
    public let referenceFrequency: Frequency
    /// The pitch the user should reach.
    public let targetFrequency: Frequency
    public let tunableAmplitude: AmplitudeDB
    /// With `--focus weak`: why this interval now ("your widest"); nil without a focus.
    public var focus: String? = nil

    /// The tunable note's offset from the target for a control value in −1…1.
    public func centOffset(forControlValue value: Double) -> Cents {
        initialCentOffset + Cents(unchecked: value * PitchMatchingSession.controlSpan.rawValue)
    }
}

/// Everything a matching session tells its listeners.
public enum PitchMatchingEvent: Sendable {
    case stateChanged(PitchMatchingState)
    case trialStarted(PitchMatchingTrial)
    /// The tunable note was retuned: its offset from the target.
    case tunableAdjusted(offset: Cents)
    /// Published after every observer has taken the record, before the feedback state.
    case trialCompleted(PitchMatchingRecord, sessionBest: Cents?)
    case stopped(SessionStopReason)
}
