import PeachCore

/// The session of the current mode, as the trainer drives it: one `DisciplineSession`, what
/// answers are in it, and its events in the trainer's one shape (`TrialEvent`). Each
/// discipline's factory is in its folder (`Disciplines/<Name>/`).
public struct ActiveSession: Sendable {
    /// What an answer is in this session: which vocabulary the controls and keys speak.
    let answers: AnswerVocabulary
    let intervals: [DirectedInterval]
    private let session: any DisciplineSession
    private let observeEvents: @Sendable (@escaping @Sendable (TrialEvent) -> Void) -> Void
    /// The tuning the session's next trial sounds in; nil for rhythm, which has no pitch.
    let tuning: @Sendable () async -> Tuning?

    /// - Parameter pitched: whether the session's notes are tuned (a pitch discipline).
    init<Discipline: InputTakingDiscipline>(
        _ session: TrainingSession<Discipline>, answers: AnswerVocabulary, intervals: [DirectedInterval] = [],
        pitched: Bool = false
    ) where Discipline.Event: TrainerEvents {
        self.answers = answers
        self.intervals = intervals
        self.session = session
        observeEvents = { handler in session.observeEvents { handler($0.trialEvent) } }
        if pitched {
            tuning = { await session.currentSettings().activeTuning }
        } else {
            tuning = { nil }
        }
    }

    func start(trialBudget: Int?) async {
        await session.start(trialBudget: trialBudget)
    }

    func stop() async {
        await session.stop()
    }

    /// Hands every event to `handler`, in order.
    func observe(_ handler: @escaping @Sendable (TrialEvent) -> Void) {
        observeEvents(handler)
    }

    /// The running trial's number and, in comparison, its target note; nil between runs.
    var currentTrial: (number: Int, target: MIDINote?)? {
        session.runningTrial
    }

    /// Hands an answer, a tap or a tuning move to the session, synchronously: its reaction
    /// (note-off, bend) has left when this returns. The control's name (`AnswerSource`, a
    /// formatted string) is made only for the inputs that record it.
    func deliver(_ input: TrainingInput, from control: AnswerControl?, judged: ((Bool) -> Void)? = nil) {
        session.receive(input, from: control?.source, judged: judged)
    }
}
