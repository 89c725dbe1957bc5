/// Commands that steer training rather than answer a trial, from a controller's button, a
/// pedal held or a terminal key.
public enum TrainingCommand: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
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
