/// A problem with a value or a file. Settings never fail: they warn once and carry on.
public struct SettingsWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file path or environment variable holding the problem, as "user file /…" or
    /// "environment PEACH_…".
    public let source: String
    /// The setting concerned; nil when a whole file could not be read.
    public let key: String?
    /// The offending value as written; nil for a whole file.
    public let value: String?
    public let reason: String
    /// What Peach does instead.
    public let consequence: String

    public var description: String {
        if let key, let value {
            return "\(source): \(key) = '\(value)' is invalid: \(reason); \(consequence)"
        }
        return "\(source): \(reason); \(consequence)"
    }
}

/// Receives warnings; the executable logs them to stderr, tests count them.
public typealias SettingsWarningSink = @Sendable (SettingsWarning) -> Void
