/// The states of a rhythm offset detection session, in the order a trial passes through them.
public enum RhythmOffsetDetectionState: String, Hashable, Sendable {
    /// `playingClicks`: the first three clicks; answers are ignored until the fourth sounds.
    case idle, playingClicks, awaitingAnswer, showingFeedback
}

/// What an offset detection trial plays; published when the trial starts.
public struct RhythmOffsetDetectionTrial: Hashable, Sendable {
    public let number: Int
    public let tempo: TempoBPM
    /// Where the fourth click lies off the grid; its sign is the answer.
    public let offset: RhythmOffset
    /// Where the player put the four clicks.
    public let schedule: ClickSchedule
}

/// Everything an offset detection session tells its listeners.
public enum RhythmOffsetDetectionEvent: Sendable {
    case stateChanged(RhythmOffsetDetectionState)
    case trialStarted(RhythmOffsetDetectionTrial)
    /// Published after every observer has taken the record, before the feedback state.
    case trialCompleted(RhythmOffsetDetectionRecord)
    case stopped(SessionStopReason)
}
