import PeachCore

/// A setting as one layer holds it, before validation: YAML gives a scalar or a list,
/// an environment variable always gives text.
public enum RawSettingValue: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case list([String])

    /// Blank text means "not set here"; an empty list is a value (and an invalid one for intervals).
    var isBlank: Bool {
        if case .text(let text) = self { return text.trimmingWhitespace().isEmpty }
        return false
    }

    public var description: String {
        switch self {
        case .text(let text): text
        case .list(let items): "[" + items.joined(separator: ", ") + "]"
        }
    }
}
