/// Which of the session's connections a watched port carries.
public enum PortRole: String, Hashable, Sendable, CustomStringConvertible {
    case output, input

    public var description: String { rawValue }
}
