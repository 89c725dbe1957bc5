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

    var isRunning: Bool {
        get async {
            switch self {
            case .comparison(let session): await session.state != .idle
            case .matching(let session): await session.state != .idle
            }
        }
    }

    /// Hands an answer or a tuning move to the session; commands are the trainer's own.
    func route(_ input: ControllerInput) async {
        switch (self, input) {
        case (.comparison(let session), .answer(let higher)): await session.answer(higher: higher)
        case (.matching(let session), .touch): await session.touch()
        case (.matching(let session), .adjust(let value)): await session.adjust(to: value)
        case (.matching(let session), .commit): await session.commit()
        default: break
        }
    }
}
