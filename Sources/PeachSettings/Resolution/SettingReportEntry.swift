/// One line of `peach settings`: a key, its effective value, and where that came from.
public struct SettingReportEntry: Hashable, Sendable {
    public let key: String
    /// The canonical text; empty for a port left to the front end.
    public let value: String
    public let origin: SettingOrigin

    /// The variable that sets it, worked out when asked: every resolution (each start, each
    /// edit of the file) makes the entries, and only `peach settings` prints this.
    public var environmentVariable: String { SettingsCatalogue.environmentVariable(for: key) }

    /// The value for people: an empty port reads "(auto)".
    public var displayValue: String { value.isEmpty ? "(auto)" : value }
}
