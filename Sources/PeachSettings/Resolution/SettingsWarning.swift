import PeachCore

/// A problem with a value or a file. Settings never fail: they warn once and carry on.
public struct SettingsWarning: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, so a reader (`peach doctor`) can weigh it.
    public enum Kind: Hashable, Sendable {
        /// A whole file could not be used.
        case unusableFile
        /// A value was refused; the default applies.
        case invalidValue
        /// A value beyond its range was brought to the nearest bound, as the domain specifies.
        case clampedValue
        /// A key in a file that is no setting: it is read by nothing.
        case unknownKey
    }

    public let kind: Kind
    /// The file path or environment variable holding the problem, as "user file /…" or
    /// "environment PEACH_…".
    public let source: String
    /// The line of the file (from 1), when known.
    public let line: Int?
    /// The setting concerned; nil when a whole file could not be read.
    public let key: String?
    /// The offending value as written; nil for a whole file or an unknown key.
    public let value: String?
    public let reason: String
    /// What Peach does instead.
    public let consequence: String

    public init(kind: Kind, source: String, line: Int? = nil, key: String?, value: String?,
                reason: String, consequence: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.key = key
        self.value = value
        self.reason = reason
        self.consequence = consequence
    }

    /// One line: a value, key or path from a file or a PEACH_ variable is shown terminal-safe,
    /// and a value cut to an excerpt.
    public var description: String {
        let place = source + (line.map { ", line \($0)" } ?? "")
        let key = key?.quotedExcerpt
        let text: String
        switch (key, value) {
        case (let key?, let value?) where kind == .clampedValue:
            text = "\(place): \(key) = '\(value.quotedExcerpt)' \(reason); \(consequence)"
        case (let key?, let value?):
            text = "\(place): \(key) = '\(value.quotedExcerpt)' is invalid: \(reason); \(consequence)"
        case (let key?, nil):
            text = "\(place): \(key) \(reason); \(consequence)"
        default:
            text = "\(place): \(reason); \(consequence)"
        }
        return text.terminalSafe
    }
}

/// Receives warnings; the executable logs them to stderr, tests count them.
public typealias SettingsWarningSink = @Sendable (SettingsWarning) -> Void
