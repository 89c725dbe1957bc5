/// The states of a rhythm matching session, in the order a trial passes through them.
public enum RhythmMatchingState: String, Hashable, Sendable {
    /// `playingClicks` until the third click sounds, then `awaitingTap` until the tap or the
    /// end of the tap window; a trial without a tap goes on to the next one.
    case idle, playingClicks, awaitingTap, showingFeedback
}

/// What a matching trial plays; published when the trial starts.
public struct RhythmMatchingTrial: Hashable, Sendable {
    public let number: Int
    public let tempo: TempoBPM
    /// Where the player put the three clicks.
    public let schedule: ClickSchedule
    /// Where the fourth sixteenth belongs: what a tap is measured from.
    public let expected: RhythmInstant
    /// The taps that count: those nearer the fourth sixteenth than its neighbours on the grid
    /// (their instants after the session's tap latency is subtracted).
    public let window: ClosedRange<RhythmInstant>
    /// When the session stops waiting for a tap: the window's end, plus the tap latency (a tap
    /// meant for the end is stamped that much later), plus the delivery allowance.
    public let closing: RhythmInstant
}

/// Everything a matching session tells its listeners.
public enum RhythmMatchingEvent: Sendable {
    case stateChanged(RhythmMatchingState)
    case trialStarted(RhythmMatchingTrial)
    /// Published after every observer has taken the record, before the feedback state.
    case trialCompleted(RhythmMatchingRecord)
    /// The tap window closed without a tap: nothing is recorded. The third such trial in a row
    /// without any tap is followed by `stopped(.unanswered(trials: 3))`.
    case tapMissed(RhythmMatchingTrial)
    /// A tap after the third click that lay outside the window (more than half a sixteenth
    /// from the fourth's place): not counted. Taps while the clicks play along are not reported.
    case tapOutsideWindow(RhythmOffset)
    case stopped(SessionStopReason)
}
