import PeachCore

/// A session's event in the one shape the trainer handles for every discipline.
enum TrialEvent: Sendable {
    case started(any CountedStart)
    case stateChanged(any TrialNews)
    case progress(any TrialProgress)
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

extension SessionEvent {
    /// The one place the four sessions' events meet the trainer's one shape.
    var trialEvent: TrialEvent {
        switch self {
        case .comparison(.trialStarted(let trial)): .started(trial)
        case .comparison(.stateChanged(let state)): .stateChanged(state)
        case .comparison(.trialCompleted(let record, let best)): .completed(PitchComparisonCompletion(record: record, sessionBest: best))
        case .comparison(.stopped(let reason)): .stopped(reason)
        case .matching(.trialStarted(let trial)): .started(trial)
        case .matching(.stateChanged(let state)): .stateChanged(state)
        case .matching(.tunableAdjusted(let offset)): .progress(MatchingAdjustment(offset: offset))
        case .matching(.trialCompleted(let record, let best)): .completed(PitchMatchingCompletion(record: record, sessionBest: best))
        case .matching(.stopped(let reason)): .stopped(reason)
        case .rhythmOffsetDetection(.trialStarted(let trial)): .started(trial)
        case .rhythmOffsetDetection(.stateChanged(let state)): .stateChanged(state)
        case .rhythmOffsetDetection(.trialCompleted(let record)): .completed(record)
        case .rhythmOffsetDetection(.stopped(let reason)): .stopped(reason)
        case .rhythmMatching(.trialStarted(let trial)): .started(trial)
        case .rhythmMatching(.stateChanged(let state)): .stateChanged(state)
        case .rhythmMatching(.tapMissed): .progress(RhythmTapMissed())
        case .rhythmMatching(.tapOutsideWindow(let offset)): .progress(RhythmTapOutside(offset: offset))
        case .rhythmMatching(.trialCompleted(let record)): .completed(record)
        case .rhythmMatching(.stopped(let reason)): .stopped(reason)
        }
    }
}
