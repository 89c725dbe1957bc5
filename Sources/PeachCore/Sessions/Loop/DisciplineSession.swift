/// What the trainer drives, whatever the discipline: one session type for every kind, so
/// nothing above the core switches over disciplines to start, stop or feed a session.
public protocol DisciplineSession: Actor {
    /// Starts the loop; it records at most `trialBudget` trials (nil: no limit).
    func start(trialBudget: Int?)
    func stop() async
    /// The running trial's number and, in comparison, its target note (keys and controllers
    /// answer relative to it); nil between runs.
    nonisolated var runningTrial: (number: Int, target: MIDINote?)? { get }
    /// Hands the musician's input to the session, synchronously: its reaction (a note-off, a
    /// bend) has left when this returns. Commands and inputs of other disciplines are ignored.
    /// - Parameter judged: told whether a rhythm answer was right, or a counted tap near the
    ///   beat, before the session's loop is woken: the cue is rhythm's reaction and leaves first.
    nonisolated func receive(_ input: TrainingInput, from source: @autoclosure () -> AnswerSource?,
                             judged: ((Bool) -> Void)?)
}

/// How a discipline takes the trainer's inputs (the note they are relative to is
/// `answerTarget(of:)`).
public protocol InputTakingDiscipline: SessionDiscipline {
    static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                        from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?)
}

extension TrainingSession: DisciplineSession where Discipline: InputTakingDiscipline {
    public nonisolated var runningTrial: (number: Int, target: MIDINote?)? {
        live.runningTrial
    }

    public nonisolated func receive(_ input: TrainingInput, from source: @autoclosure () -> AnswerSource?,
                                    judged: ((Bool) -> Void)?) {
        Discipline.receive(input, by: self, from: source(), judged: judged)
    }
}
