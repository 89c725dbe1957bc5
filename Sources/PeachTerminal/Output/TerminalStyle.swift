/// ANSI colours, and whether to use them.
public enum TerminalStyle: Hashable, Sendable {
    case plain, green, red, yellow, dim, bold

    /// Colours only on a terminal that can show them and for a user who did not opt out:
    /// off when NO_COLOR is set and not empty (https://no-color.org), when TERM is "dumb",
    /// or when the output is not a terminal.
    public static func colorsEnabled(environment: [String: String], isTerminal: Bool) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// The SGR sequence that starts this style; empty for plain.
    public var start: String {
        switch self {
        case .plain: ""
        case .green: "\u{1B}[32m"
        case .red: "\u{1B}[31m"
        case .yellow: "\u{1B}[33m"
        case .dim: "\u{1B}[2m"
        case .bold: "\u{1B}[1m"
        }
    }

    public static let reset = "\u{1B}[0m"
}
