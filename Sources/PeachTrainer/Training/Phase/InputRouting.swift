import PeachCore

/// Where one mapped input goes, decided from the trainer's published phase alone: pure, so
/// the route's two rules are tested without a session or a thread.
enum InputRouting: Equatable, Sendable {
    /// To the trainer's stream, numbered.
    case post(TrainingCommand)
    /// To the session, on this thread.
    case deliver
    case drop

    /// - Parameters:
    ///   - phase: the trainer's, as last published.
    ///   - commandWaiting: a command posted earlier is not carried out yet; what the hands did
    ///     meanwhile was done before it took effect and belongs to no trial.
    ///   - hasSession: the route holds a session (the phase holds one and it has been made).
    ///   - moves: a tuning position came in the same breath: a touch is part of that movement.
    static func of(_ input: TrainingInput, phase: TrainerPhase, commandWaiting: Bool, hasSession: Bool,
                   moves: Bool) -> InputRouting {
        switch input {
        case .command(let command):
            return .post(command)
        case .touch where moves:
            return .drop
        case .tap where phase == .paused && !commandWaiting && hasSession:
            // Paused where answers are taps: the pad the hands are on goes on, as start/stop would.
            return .post(.startStop)
        case .answer, .touch, .adjust, .commit, .timing, .tap:
            return !commandWaiting && hasSession ? .deliver : .drop
        }
    }
}
