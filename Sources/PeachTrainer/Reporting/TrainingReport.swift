import PeachCore
import PeachRig

/// Everything `peach train` tells the person or the script watching it, in the order it
/// happens. The trainer produces these; a presenter (status line, log lines or JSON lines)
/// shows them. Trial numbers count the trials of this run, across modes, as the musician does:
/// a trial's number is the count of completed trials before it plus one, so a discarded trial
/// (paused, a mode switch, a lost port) passes its number on to the next one.
public enum TrainingReport: Sendable {
    /// Training (re)started in `mode`, sending to `output`, answering from `input` (a port
    /// label; nil when only the terminal answers) mapped by `controls` (nil: no controller).
    case started(mode: TrainingMode, intervals: [DirectedInterval], output: String, input: String?,
                 controls: ControllerSettings? = nil)
    case comparisonTrialStarted(PitchComparisonTrial, trial: Int)
    case comparisonStateChanged(PitchComparisonState, trial: Int)
    case comparisonCompleted(PitchComparisonRecord, trial: Int, sessionBest: Cents?, standing: DisciplineStanding)
    case matchingTrialStarted(PitchMatchingTrial, trial: Int)
    case matchingStateChanged(PitchMatchingState, trial: Int)
    /// The tunable note's offset from the target, after each move of the control.
    case matchingAdjusted(offset: Cents, trial: Int)
    case matchingCompleted(PitchMatchingRecord, trial: Int, sessionBest: Cents?, standing: DisciplineStanding)
    case rhythmOffsetDetectionTrialStarted(RhythmOffsetDetectionTrial, trial: Int)
    case rhythmOffsetDetectionStateChanged(RhythmOffsetDetectionState, trial: Int)
    /// `statistics`: the profile's for the record's tempo and side, after it took the record.
    case rhythmOffsetDetectionCompleted(RhythmOffsetDetectionRecord, trial: Int, statistics: DisciplineStatistics?)
    case rhythmMatchingTrialStarted(RhythmMatchingTrial, trial: Int)
    case rhythmMatchingStateChanged(RhythmMatchingState, trial: Int)
    /// The tap window closed without a tap: nothing recorded, the next trial comes.
    case rhythmMatchingTapMissed(trial: Int)
    /// A tap more than half a sixteenth from the fourth's place: not counted.
    case rhythmMatchingTapOutside(RhythmOffset, trial: Int)
    case rhythmMatchingCompleted(RhythmMatchingRecord, trial: Int, statistics: DisciplineStatistics?)
    /// The session stopped: paused by the user, or because of `problem` (nil: by request).
    case stopped(mode: TrainingMode, problem: String?)
    /// Something the user should know that is not a trial: a port lost or back, waiting for
    /// a port, a command from the controller.
    case notice(String)
    /// Peach is ending; `completedTrials` in this run, and what they did per discipline.
    case finished(completedTrials: Int, summary: RunSummary)
}

/// Shows reports as they come; called from one task, in order.
public protocol TrainingPresenter: Sendable {
    func present(_ report: TrainingReport) async
}
