import PeachCore

/// A session's event in the one shape the trainer handles for every discipline.
enum TrialEvent: Sendable {
    case started(any CountedStart)
    case stateChanged(any TrialNews)
    case progress(any TrialProgress)
    /// A tuning control moved (pitch matching's tunable note): its own case, because it comes
    /// at the control's rate on the reader thread, where recognising it must cost an enum match,
    /// not a dynamic cast (BENCHMARKS.md, figure 5).
    case tuningMoved(Cents)
    case completed(any CountedCompletion)
    case stopped(SessionStopReason)
}

/// A trial's start, as the run counts it (its number; a pitch discipline's estimate before the run).
protocol CountedStart: TrialNews {
    func count(in tally: inout RunTally, standings: any TrainingStandings)
}

/// A completed trial before the trainer has counted it: its cue, and its news once counted.
protocol CountedCompletion: Sendable {
    /// Sounds the trial's cue; a rhythm answer's sounded already, when the route judged it.
    func sound(on feedback: TrainerFeedback) async
    /// Counts the trial in the run and returns its news, with the standings after it.
    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews
}

extension CountedCompletion {
    func sound(on feedback: TrainerFeedback) async {}
}

/// A discipline's session events, as the trainer handles them: each discipline maps its own
/// events to the one `TrialEvent` shape, in its folder (`Disciplines/<Name>/`).
protocol TrainerEvents: Sendable {
    var trialEvent: TrialEvent { get }
}
