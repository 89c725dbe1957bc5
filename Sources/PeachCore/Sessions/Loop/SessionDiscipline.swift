/// What one training discipline brings to the shared trial loop (`TrainingSession`): how a
/// trial is drawn and presented, which inputs count in which state, what a completed trial
/// records and how the difficulty follows it. The loop owns everything else, once: the live
/// state under its lock, the input stream, start/stop/reset, the events and the feedback pause.
///
/// The requirements are public because the session type is (`TrainingSession<Discipline>`);
/// only the trial loop calls them.
public protocol SessionDiscipline: Sendable {
    associatedtype State: SessionState
    associatedtype Trial: NumberedTrial
    associatedtype Event: SessionEvents where Event.State == State, Event.Trial == Trial
    /// What the discipline's synchronous inputs hand to its loop.
    associatedtype Input: Sendable
    /// What the inputs check and change under the session's lock, besides state and trial.
    associatedtype Live: TrialLive
    /// What the discipline keeps from trial to trial in one run (staircases, best result).
    associatedtype Run: Sendable
    /// What presenting a trial ends with: the answer, or why there is none.
    associatedtype Outcome: Sendable
    associatedtype Record: Sendable

    /// How long the feedback state lasts before the next trial (default: 400 ms).
    static var feedbackDuration: Duration { get }
    /// Resets what the inputs keep per trial as a trial begins (default: all of it).
    static func prepare(_ live: inout Live, for trial: Trial)
    /// Lets go of what the live fields hold when the run ends (default: all of it).
    static func clear(_ live: inout Live)
    /// The note answers are relative to, if any (default: none). Kept with the trial's number
    /// as the trial begins, so the inputs read both without the session's lock.
    static func answerTarget(of trial: Trial) -> MIDINote?

    /// A new run's memory: start() and a reset begin here.
    func newRun() -> Run
    /// Draws the next trial from the settings of this trial.
    func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial
    /// Plays the trial and waits for its answer; throws CancellationError when stopped. Pauses
    /// within the trial wait on `clock`, the session's.
    func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                 inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome
    /// What the outcome leaves: a record to keep, or nothing (the trial is discarded, its
    /// events published through `live`); throws to end the session.
    func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) throws -> TrialJudgement<Record>
    /// Hands the record to the observers (the store, the profile) before anything else sees it.
    func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws
    /// The difficulty follows the record; returns the completed-trial event.
    func completed(_ record: Record, run: inout Run) -> Event
    /// Silences everything the discipline's player started or scheduled (errors ignored).
    func silence()
}

extension SessionDiscipline {
    public static var feedbackDuration: Duration { .milliseconds(400) }
    public static func prepare(_ live: inout Live, for trial: Trial) { live = Live() }
    public static func clear(_ live: inout Live) { live = Live() }
    public static func answerTarget(of trial: Trial) -> MIDINote? { nil }
}

/// A discipline's states: every trial loop starts idle and pauses in the feedback.
public protocol SessionState: Hashable, Sendable {
    static var idle: Self { get }
    static var showingFeedback: Self { get }
}

/// The events every session publishes (a discipline's event enum has these cases, and more).
public protocol SessionEvents: Sendable {
    associatedtype State
    associatedtype Trial
    static func stateChanged(_ state: State) -> Self
    static func trialStarted(_ trial: Trial) -> Self
    static func stopped(_ reason: SessionStopReason) -> Self
}

/// What a discipline's inputs keep under the session's lock; empty before any trial.
public protocol TrialLive: Sendable {
    init()
}

/// A trial that knows its number in the run (inputs are tagged with it).
public protocol NumberedTrial: Sendable {
    var number: Int { get }
}

/// How a presented trial ends.
public enum TrialJudgement<Record: Sendable>: Sendable {
    case recorded(Record, answeredBy: AnswerSource?)
    /// Nothing to record (e.g. no tap in the window); the next trial follows the feedback pause.
    case discarded
}
