import PeachCore
import PeachRig

/// Everything `peach train` tells the person or the script watching it, in the order it
/// happens. The trainer produces these; a presenter (status line, log lines or JSON lines)
/// shows them. Trial numbers count the trials of this run, across modes, as the musician does:
/// a trial's number is the count of completed trials before it plus one, so a discarded trial
/// (paused, a mode switch, a lost port) passes its number on to the next one.
public enum TrainingReport: Sendable {
    /// Training (re)started in `mode`, sending to `output`, answering from `input` (a port
    /// label; nil when only the terminal answers) mapped by `controls` (nil: no controller),
    /// its notes in `tuning` (nil: rhythm, or not told).
    case started(mode: TrainingMode, intervals: [DirectedInterval], output: String, input: String?,
                 controls: ControllerSettings? = nil, tuning: Tuning? = nil)
    /// A trial began: what it asks (a discipline's trial value).
    case trialStarted(any TrialNews, trial: Int)
    /// The running trial's state changed (a discipline's state).
    case stateChanged(any TrialNews, trial: Int)
    /// Something happened in the running trial that is neither a state nor its end: the tunable
    /// note's offset after a move of the control, a tap missed or outside the window.
    case trialProgress(any TrialProgress, trial: Int)
    /// A trial was completed: its record, with what the run and the profile say after it.
    case trialCompleted(any TrialNews, trial: Int)
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
