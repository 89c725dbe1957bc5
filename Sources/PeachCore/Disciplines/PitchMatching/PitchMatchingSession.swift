import Foundation

/// A pitch matching session (see `PitchMatching`):
/// `PitchMatchingSession(try PitchMatching(intervals:player:…), settings:…)`. Its control inputs
/// are taken synchronously from any thread; the tunable note starts, bends and stops before
/// they return, and the loop learns of the commit right after.
public typealias PitchMatchingSession = TrainingSession<PitchMatching>

extension PitchMatching {
    /// - Parameter intervals: the directed intervals to train; `[.prime]` for unison. Never empty.
    /// - Parameter now: the records' timestamps.
    /// - Parameter focus: `--focus weak` (`WeakFocus`, spread estimates); nil draws as the iOS app does.
    public init(intervals: Set<DirectedInterval>, player: any NotePlayer, observers: [any PitchMatchingObserver] = [],
                now: @escaping @Sendable () -> Date = Date.init, focus: WeakFocus? = nil) throws(DomainValueError) {
        self.init(intervals: try sortedIntervals(intervals), player: player, observers: observers, now: now, focus: focus)
    }
}

extension TrainingSession where Discipline == PitchMatching {
    public static var initialOffsetSpan: Cents { PitchMatching.initialOffsetSpan }
    public static var controlSpan: Cents { PitchMatching.controlSpan }

    /// The directed intervals this session trains, in a fixed order.
    public nonisolated var intervals: [DirectedInterval] { discipline.intervals }

    /// The smallest |userCentError| since start().
    public var sessionBest: Cents? { run.sessionBest }

    /// The control moved, its position unknown (a relative control's first tick, a key): while
    /// waiting for it the tunable note starts at the control's last position (the initial
    /// offset if none); during the reference it starts when the reference ends. Returns
    /// whether it counted.
    @discardableResult
    public nonisolated func touch(from source: AnswerSource? = nil) -> Bool {
        let player = discipline.player
        return live.withLock { live in
            guard live.hasTrial, !live.own.committed else { return false }
            switch live.state {
            case .playingReference:
                live.own.moved = true
            case .awaitingTouch:
                live.own.moved = true
                PitchMatching.startTunable(&live, player: player)
            default:
                return false
            }
            return true
        }
    }

    /// The control's position, −1…1 (values beyond are clamped; a non-finite one is ignored):
    /// the tunable note moves to initial offset + value × 20 cents, its bend sent before this
    /// returns. Before the note sounds the position is kept for its start. Returns whether it
    /// counted.
    @discardableResult
    public nonisolated func adjust(to value: Double, from source: AnswerSource? = nil) -> Bool {
        guard value.isFinite else { return false }
        let position = min(max(value, -1), 1)
        return live.withLock { live in
            // No copy of the trial is bound: a movement reads its two fields (this runs at the control's rate).
            guard live.hasTrial, !live.own.committed else { return false }
            switch live.state {
            case .playingReference:
                live.own.moved = true
                live.own.position = position
            case .awaitingTouch:
                live.own.moved = true
                live.own.position = position
                PitchMatching.startTunable(&live, player: discipline.player)
            case .playingTunable:
                live.own.position = position
                guard let offset = live.trial?.centOffset(forControlValue: position),
                      let target = live.trial?.targetFrequency else { return false }
                // Moved out and back, not copied (as `stopHandle` does): a copy of the handle
                // came before every bend.
                var tunable: (any PlaybackHandle)?
                swap(&tunable, &live.own.tunable)
                switch consume tunable {
                case .some(let handle):
                    do {
                        try handle.adjust(to: target.shifted(by: offset))
                        live.own.tunable = handle
                        live.publish(.tunableAdjusted(offset: offset))
                    } catch {
                        live.own.tunable = handle
                        live.yield(.failed(error))
                    }
                case .none:
                    live.publish(.tunableAdjusted(offset: offset))
                }
            default:
                return false
            }
            return true
        }
    }

    /// Ends the attempt at the current pitch (the note stops before this returns) and records
    /// it; with no movement at all, at the initial offset. Ignored during the reference, the
    /// feedback and between trials. Returns whether it counted. `source` is made after the
    /// note-off has left.
    @discardableResult
    public nonisolated func commit(from source: @autoclosure () -> AnswerSource? = nil) -> Bool {
        live.withLock { live in
            guard !live.own.committed, live.state == .awaitingTouch || live.state == .playingTunable,
                  let target = live.trial?.targetFrequency else { return false }
            live.own.committed = true
            let stopped = stopHandle(in: &live.own.tunable) { try $0.stop() }
            let frequency = target.shifted(by: PitchMatching.offset(of: live))
            live.yield(.committed(frequency, source: source(), stopped: stopped))
            return true
        }
    }
}

extension PitchMatching: InputTakingDiscipline {
    /// A tuning movement, which comes a thousand times a second, records no control name.
    public static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                               from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?) {
        switch input {
        case .touch: session.touch()
        case .adjust(let value): session.adjust(to: value)
        case .commit: session.commit(from: source())
        default: break
        }
    }
}
