import Foundation

/// A rhythm offset detection session (see `RhythmOffsetDetection`):
/// `RhythmOffsetDetectionSession(RhythmOffsetDetection(player:…), settings:…)`.
public typealias RhythmOffsetDetectionSession = TrainingSession<RhythmOffsetDetection>

extension TrainingSession where Discipline == RhythmOffsetDetection {
    /// Each side's current offset at the latest trial's tempo, in percent of a sixteenth (nil
    /// before the side's first answer in this run).
    public func currentPercent(for direction: RhythmDirection) -> Double? {
        guard let tempo = run.latestTempo else { return nil }
        return run.percents[RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: direction)]
    }

    /// The listener's answer, from any thread: counts once per trial, from the moment the
    /// fourth click sounds; ignored before it, during the feedback and between trials.
    /// Returns whether it counted.
    @discardableResult
    public nonisolated func answer(early: Bool, from source: @autoclosure () -> AnswerSource? = nil) -> Bool {
        judgedAnswer(early: early, from: source()) != nil
    }

    /// `answer(early:from:)`, telling whether it was right (nil: not counted). `reaction` (the
    /// feedback cue) is told first, outside the session's lock, before `source` is made and
    /// before the trial loop is woken, so it leaves first.
    public nonisolated func judgedAnswer(early: Bool, from source: @autoclosure () -> AnswerSource? = nil,
                                         reaction: ((Bool) -> Void)? = nil) -> Bool? {
        typealias Counted = (correct: Bool, trial: Int, inputs: TrialInputs<RhythmOffsetDetection.Input>.Continuation)
        let counted = live.withLock { live -> Counted? in
            guard !live.own.answered, live.state == .awaitingAnswer, live.hasTrial,
                  let direction = live.trial?.offset.direction, let inputs = live.inputs else { return nil }
            live.own.answered = true
            return ((direction == .early) == early, live.trialNumber, inputs)
        }
        guard let counted else { return nil }
        reaction?(counted.correct)
        counted.inputs.yield((counted.trial, .answer(early: early, source: source())))
        return counted.correct
    }
}

extension RhythmOffsetDetection: InputTakingDiscipline {
    public static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                               from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?) {
        if case .timing(let early) = input { _ = session.judgedAnswer(early: early, from: source(), reaction: judged) }
    }
}
