import Foundation

/// A pitch comparison session (see `PitchComparison`):
/// `PitchComparisonSession(try PitchComparison(intervals:player:…), settings:…)`.
public typealias PitchComparisonSession = TrainingSession<PitchComparison>

extension PitchComparison {
    /// - Parameter intervals: the directed intervals to train; `[.prime]` for unison. Never empty.
    /// - Parameter profile: where each discipline's staircase starts (its mean); nil: the strategy's start.
    /// - Parameter now: the records' timestamps.
    /// - Parameter focus: `--focus weak` (`WeakFocus`); nil draws as the iOS app does.
    public init(intervals: Set<DirectedInterval>, player: any NotePlayer, strategy: any DifficultyStrategy = KazezStrategy(),
                profile: (any ProfileMeanProviding)? = nil, observers: [any PitchComparisonObserver] = [],
                now: @escaping @Sendable () -> Date = Date.init, focus: WeakFocus? = nil) throws(DomainValueError) {
        self.init(intervals: try sortedIntervals(intervals), player: player, strategy: strategy, profile: profile,
                  observers: observers, now: now, focus: focus)
    }
}

extension TrainingSession where Discipline == PitchComparison {
    /// The directed intervals this session trains, in a fixed order.
    public nonisolated var intervals: [DirectedInterval] { discipline.intervals }

    /// The smallest cent difference answered correctly since start().
    public var sessionBest: Cents? { run.sessionBest }

    /// The listener's answer, from any thread. Counts once per trial, while the target sounds
    /// (it is stopped at once: its note-off has left when this returns) or after it; ignored
    /// during the reference, the feedback and between trials. Returns whether it counted.
    /// `source` is made after the note-off has left: it is for the record, not the reaction.
    @discardableResult
    public nonisolated func answer(higher: Bool, from source: @autoclosure () -> AnswerSource? = nil) -> Bool {
        live.withLock { live in
            guard !live.own.answered, live.state == .playingNote2 || live.state == .awaitingAnswer,
                  live.hasTrial, live.takesInputs else { return false }
            live.own.answered = true
            let stopped = stopHandle(in: &live.own.target) { try $0.stop() }
            live.yield(.answer(higher: higher, source: source(), stopped: stopped))
            return true
        }
    }
}

extension PitchComparison: InputTakingDiscipline {
    public static func answerTarget(of trial: Trial) -> MIDINote? { trial.targetNote }

    public static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                               from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?) {
        if case .answer(let higher) = input { session.answer(higher: higher, from: source()) }
    }
}
