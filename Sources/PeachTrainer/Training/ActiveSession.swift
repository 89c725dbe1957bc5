import PeachCore

/// The session of the current mode, as the trainer drives it: one `DisciplineSession`, what
/// answers are in it, and its events wrapped as the trainer's `SessionEvent`.
public struct ActiveSession: Sendable {
    /// What an answer is in this session.
    let kind: TrainingMode.Session
    let intervals: [DirectedInterval]
    private let session: any DisciplineSession
    private let observeEvents: @Sendable (@escaping @Sendable (SessionEvent) -> Void) -> Void

    private init<Discipline: InputTakingDiscipline>(
        _ session: TrainingSession<Discipline>, kind: TrainingMode.Session, intervals: [DirectedInterval] = [],
        wrap: @escaping @Sendable (Discipline.Event) -> SessionEvent
    ) {
        self.kind = kind
        self.intervals = intervals
        self.session = session
        observeEvents = { handler in session.observeEvents { handler(wrap($0)) } }
    }

    public static func comparison(_ session: PitchComparisonSession) -> ActiveSession {
        ActiveSession(session, kind: .comparison, intervals: session.intervals) { .comparison($0) }
    }

    public static func matching(_ session: PitchMatchingSession) -> ActiveSession {
        ActiveSession(session, kind: .matching, intervals: session.intervals) { .matching($0) }
    }

    public static func rhythmOffsetDetection(_ session: RhythmOffsetDetectionSession) -> ActiveSession {
        ActiveSession(session, kind: .rhythmOffsetDetection) { .rhythmOffsetDetection($0) }
    }

    public static func rhythmMatching(_ session: RhythmMatchingSession) -> ActiveSession {
        ActiveSession(session, kind: .rhythmMatching) { .rhythmMatching($0) }
    }

    func start(trialBudget: Int?) async {
        await session.start(trialBudget: trialBudget)
    }

    func stop() async {
        await session.stop()
    }

    /// Hands every event to `handler`, in order.
    func observe(_ handler: @escaping @Sendable (SessionEvent) -> Void) {
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
