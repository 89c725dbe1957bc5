import PeachALSA
import PeachCore

/// The session of the current mode: the trainer drives either kind through this one type.
public enum ActiveSession: Sendable {
    case comparison(PitchComparisonSession)
    case matching(PitchMatchingSession)

    var mappingSession: ControllerMapping.Session {
        switch self {
        case .comparison: .comparison
        case .matching: .matching
        }
    }

    var intervals: [DirectedInterval] {
        switch self {
        case .comparison(let session): session.intervals
        case .matching(let session): session.intervals
        }
    }

    func start() async {
        switch self {
        case .comparison(let session): await session.start()
        case .matching(let session): await session.start()
        }
    }

    func stop() async {
        switch self {
        case .comparison(let session): await session.stop()
        case .matching(let session): await session.stop()
        }
    }

    /// Hands every event to `handler`, synchronously and in order.
    func observe(_ handler: @escaping @Sendable (SessionEvent) -> Void) {
        switch self {
        case .comparison(let session): session.observeEvents { handler(.comparison($0)) }
        case .matching(let session): session.observeEvents { handler(.matching($0)) }
        }
    }

    /// The running trial's number and, in comparison, its target note (keys answer relative
    /// to it); nil between runs.
    var currentTrial: (number: Int, target: MIDINote?)? {
        switch self {
        case .comparison(let session): session.currentTrial.map { ($0.number, $0.targetNote) }
        case .matching(let session): session.currentTrial.map { ($0.number, nil) }
        }
    }

    /// Hands an answer or a tuning move to the session, synchronously: its reaction (note-off,
    /// bend) has left when this returns. Commands are the trainer's own.
    /// The control's name (`AnswerSource`, a formatted string) is made only for the inputs
    /// that record it: a tuning movement, which comes a thousand times a second, needs none.
    func deliver(_ input: ControllerInput, from control: AnswerControl?) {
        switch (self, input) {
        case (.comparison(let session), .answer(let higher)): session.answer(higher: higher, from: control?.source)
        case (.matching(let session), .touch): session.touch()
        case (.matching(let session), .adjust(let value)): session.adjust(to: value)
        case (.matching(let session), .commit): session.commit(from: control?.source)
        default: break
        }
    }
}
