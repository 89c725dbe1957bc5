// TEMPORARY stand-in until the terminal branch lands.
public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right, enter, space, escape, tab, backspace
    case character(Character)
}
