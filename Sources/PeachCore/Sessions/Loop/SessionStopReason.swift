/// Why a session went back to idle.
public enum SessionStopReason: Sendable, CustomStringConvertible {
    /// stop() was called.
    case requested
    /// The player or an observer failed; the unfinished trial was discarded.
    case failed(any Error)
    /// Nobody answered `trials` trials in a row: a session whose trials play on their own (rhythm
    /// matching's clicks) stops rather than play on to an empty room.
    case unanswered(trials: Int)
    /// The run recorded the trials start(trialBudget:) allowed.
    case trialBudgetSpent

    public var description: String {
        switch self {
        case .requested: "stopped"
        case .failed(let error): "stopped: \(error)"
        case .unanswered(let trials): "paused: nothing played in the last \(trials) trials"
        case .trialBudgetSpent: "stopped: the trial limit is reached"
        }
    }
}
