import Foundation

/// A rhythm matching session (see `RhythmMatching`):
/// `RhythmMatchingSession(RhythmMatching(player:…), settings:…)`.
public typealias RhythmMatchingSession = TrainingSession<RhythmMatching>

extension TrainingSession where Discipline == RhythmMatching {
    public static var deliveryAllowance: Duration { RhythmMatching.deliveryAllowance }
    public static var unansweredLimit: Int { RhythmMatching.unansweredLimit }

    /// Subtracted from every tap's stamp; nil judges taps as stamped.
    public nonisolated var tapLatency: TapLatency? { discipline.tapLatency }

    /// A tap that happened at `instant` on the player's clock, from any thread. Counts once per
    /// trial when it lies in the trial's window (after subtracting `tapLatency`) and the window
    /// has not closed; anything else (playing along with the clicks, a tap during the feedback)
    /// is ignored. Returns whether it counted.
    @discardableResult
    public nonisolated func tap(at stamp: RhythmInstant, from source: AnswerSource? = nil) -> Bool {
        countedTap(at: stamp, from: source) != nil
    }

    /// `tap(at:from:)`, giving the counted tap's offset (nil: not counted). `reaction` (the
    /// feedback cue) is told first, outside the session's lock and before the trial loop is
    /// woken, so it leaves first.
    public nonisolated func countedTap(at stamp: RhythmInstant, from source: AnswerSource? = nil,
                                       reaction: ((RhythmOffset, RhythmMatchingTrial) -> Void)? = nil) -> RhythmOffset? {
        let instant = tapLatency.map { stamp.advanced(by: .zero - $0.duration) } ?? stamp
        let counted = live.withLock { live -> (offset: RhythmOffset, trial: RhythmMatchingTrial,
                                               deliver: @Sendable () -> Void)? in
            if live.takesInputs { live.own.touched = true }
            guard let trial = live.trial, !live.own.tapped, !live.own.closed,
                  live.state == .playingClicks || live.state == .awaitingTap, let inputs = live.inputs else { return nil }
            let offset = RhythmOffset(from: trial.expected, to: instant)
            guard trial.window.contains(instant) else {
                // Said, so a musician a beat off (or a rig whose latency is not calibrated) learns why.
                if instant > trial.schedule.last { live.publish(.tapOutsideWindow(offset)) }
                return nil
            }
            live.own.tapped = true
            return (offset, trial, { inputs.yield((trial.number, .tapped(offset, source: source))) })
        }
        guard let counted else { return nil }
        reaction?(counted.offset, counted.trial)
        counted.deliver()
        return counted.offset
    }
}

extension RhythmMatching: InputTakingDiscipline {
    /// A tap's stamp (the kernel's, or the key's reading time) is on the player's clock: where
    /// in the bar it fell does not depend on when this thread got to it.
    public static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                               from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?) {
        guard case .tap(let nanoseconds?) = input else { return }
        let instant = RhythmInstant(nanoseconds: Int64(clamping: nanoseconds))
        _ = session.countedTap(at: instant, from: source()) { offset, trial in
            judged?(abs(offset.percentOfSixteenth(at: trial.tempo)) <= nearPercent)
        }
    }
}
