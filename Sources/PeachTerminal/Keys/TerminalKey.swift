/// Shift, Alt and Control as xterm reports them with a key (ESC [1;2C is shift-right).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

/// One key press read from a terminal.
public indirect enum TerminalKey: Hashable, Sendable, CustomStringConvertible {
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    case enter, space, escape, tab, backTab, backspace
    /// A printable character (never a space or a control character).
    case character(Character)
    /// Ctrl plus a letter, e.g. `control("d")` for Ctrl-D (Ctrl-C raises SIGINT instead).
    case control(Character)
    /// A key held with modifiers; never with an empty set.
    case modified(TerminalKey, KeyModifiers)

    /// `key` with `modifiers`, or `key` itself when there are none.
    public static func with(_ key: TerminalKey, _ modifiers: KeyModifiers) -> TerminalKey {
        modifiers.isEmpty ? key : .modified(key, modifiers)
    }

    public var description: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Insert"
        case .delete: "Delete"
        case .enter: "Enter"
        case .space: "Space"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .modified(let key, let modifiers):
            (modifiers.contains(.control) ? "Ctrl-" : "") + (modifiers.contains(.alt) ? "Alt-" : "")
                + (modifiers.contains(.shift) ? "Shift-" : "") + key.description
        }
    }
}
