import PeachCore

/// Why `peach settings get` or `set` refused.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String, known: [String])
    case invalidValue(key: String, value: String, reason: String)
    /// The user's file is not valid YAML, so editing it could lose what the user meant.
    case unreadableUserFile(path: String, reason: String)
    /// The edited text would not have kept every other setting; nothing was written.
    case unsafeEdit(path: String, detail: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownKey(let key, let known):
            // A near miss gets the one key meant, as the file check gives it; else the list.
            if let meant = KeySuggestion.nearest(to: key, among: known) {
                "unknown setting '\(key.quotedExcerpt)' (did you mean \(meant)?); `peach settings` lists them all"
            } else {
                "unknown setting '\(key.quotedExcerpt)'; known settings: \(known.joined(separator: ", "))"
            }
        case .invalidValue(let key, let value, let reason):
            "invalid value '\(value.quotedExcerpt)' for \(key): \(reason.terminalSafe)"
        case .unreadableUserFile(let path, let reason):
            "cannot edit \(path.terminalSafe): \(reason.terminalSafe); fix or remove the file first"
        case .unsafeEdit(let path, let detail):
            "not changing \(path): the edit would not keep the file's other settings (\(detail)); edit it by hand"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}
