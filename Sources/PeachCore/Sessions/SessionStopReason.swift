/// Why a session went back to idle.
public enum SessionStopReason: Sendable, CustomStringConvertible {
    /// stop() was called.
    case requested
    /// The player or an observer failed; the unfinished trial was discarded.
    case failed(any Error)

    public var description: String {
        switch self {
        case .requested: "stopped"
        case .failed(let error): "stopped: \(error)"
        }
    }
}
