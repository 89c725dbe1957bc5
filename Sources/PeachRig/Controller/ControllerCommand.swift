/// Commands that steer the program rather than answer a trial.
public enum ControllerCommand: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case startStop
    case nextMode
    case quit

    public var description: String {
        switch self {
        case .startStop: "start/stop"
        case .nextMode: "next mode"
        case .quit: "quit"
        }
    }
}
