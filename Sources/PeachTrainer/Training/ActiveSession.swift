import PeachALSA
import PeachCore

/// The session of the current mode: the trainer drives every kind through this one type.
public enum ActiveSession: Sendable {
    case comparison(PitchComparisonSession)
    case matching(PitchMatchingSession)
    case rhythmOffsetDetection(RhythmOffsetDetectionSession)
    case rhythmMatching(RhythmMatchingSession)

    /// What an answer is in this session.
    var kind: TrainingMode.Session {
        switch self {
        case .comparison: .comparison
        case .matching: .matching
        case .rhythmOffsetDetection: .rhythmOffsetDetection
        case .rhythmMatching: .rhythmMatching
        }
    }

    var intervals: [DirectedInterval] {
        switch self {
        case .comparison(let session): session.intervals
        case .matching(let session): session.intervals
        case .rhythmOffsetDetection, .rhythmMatching: []
        }
    }

    func start() async {
        switch self {
        case .comparison(let session): await session.start()
        case .matching(let session): await session.start()
        case .rhythmOffsetDetection(let session): await session.start()
        case .rhythmMatching(let session): await session.start()
        }
    }

    func stop() async {
        switch self {
        case .comparison(let session): await session.stop()
        case .matching(let session): await session.stop()
        case .rhythmOffsetDetection(let session): await session.stop()
        case .rhythmMatching(let session): await session.stop()
        }
    }

    /// Hands every event to `handler`, synchronously and in order.
    func observe(_ handler: @escaping @Sendable (SessionEvent) -> Void) {
        switch self {
        case .comparison(let session): session.observeEvents { handler(.comparison($0)) }
        case .matching(let session): session.observeEvents { handler(.matching($0)) }
        case .rhythmOffsetDetection(let session): session.observeEvents { handler(.rhythmOffsetDetection($0)) }
        case .rhythmMatching(let session): session.observeEvents { handler(.rhythmMatching($0)) }
        }
    }

    /// The running trial's number and, in comparison, its target note (keys answer relative
    /// to it); nil between runs.
    var currentTrial: (number: Int, target: MIDINote?)? {
        switch self {
        case .comparison(let session): session.currentTrial.map { ($0.number, $0.targetNote) }
        case .matching(let session): session.currentTrial.map { ($0.number, nil) }
        case .rhythmOffsetDetection(let session): session.currentTrial.map { ($0.number, nil) }
        case .rhythmMatching(let session): session.currentTrial.map { ($0.number, nil) }
        }
    }

    /// Whether the session's loop is idle (paused, stopped, or not started): in rhythm
    /// matching a tap then goes on instead (a pad is all a drummer's hands are on).
    var isIdle: Bool {
        switch self {
        case .comparison(let session): session.state == .idle
        case .matching(let session): session.state == .idle
        case .rhythmOffsetDetection(let session): session.state == .idle
        case .rhythmMatching(let session): session.state == .idle
        }
    }

    /// Hands an answer, a tap or a tuning move to the session, synchronously: its reaction
    /// (note-off, bend) has left when this returns. Commands are the trainer's own.
    /// The control's name (`AnswerSource`, a formatted string) is made only for the inputs
    /// that record it: a tuning movement, which comes a thousand times a second, needs none.
    /// - Parameter judged: told whether a rhythm answer was right, or a counted tap near the
    ///   beat, before the session's loop is woken: the cue is rhythm's reaction and leaves first.
    func deliver(_ input: TrainingInput, from control: AnswerControl?, judged: ((Bool) -> Void)? = nil) {
        switch (self, input) {
        case (.comparison(let session), .answer(let higher)): session.answer(higher: higher, from: control?.source)
        case (.matching(let session), .touch): session.touch()
        case (.matching(let session), .adjust(let value)): session.adjust(to: value)
        case (.matching(let session), .commit): session.commit(from: control?.source)
        case (.rhythmOffsetDetection(let session), .timing(let early)):
            _ = session.judgedAnswer(early: early, from: control?.source, reaction: judged)
        case (.rhythmMatching(let session), .tap(let nanoseconds?)):
            // The kernel's stamp (or the key's reading time) on the player's clock: where in the
            // bar the tap fell does not depend on when this thread got to it.
            let instant = RhythmInstant(nanoseconds: Int64(clamping: nanoseconds))
            _ = session.countedTap(at: instant, from: control?.source) { offset, trial in
                judged?(abs(offset.percentOfSixteenth(at: trial.tempo)) <= Trainer.rhythmNearPercent)
            }
        default: break
        }
    }
}
