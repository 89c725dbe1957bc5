/// Where a value was found.
public struct SettingSource: Hashable, Sendable, CustomStringConvertible {
    public enum Layer: Hashable, Sendable {
        case environment, userFile, shippedFile
    }

    public let layer: Layer
    /// The environment variable's name, or the file's path.
    public let location: String
    /// The key as written in a file when it is a legacy spelling (noteRangeMin); nil otherwise.
    /// The environment needs none: its variable name already says which spelling it was.
    public let legacyKey: String?

    public init(layer: Layer, location: String, legacyKey: String? = nil) {
        self.layer = layer
        self.location = location
        self.legacyKey = legacyKey
    }

    public var description: String {
        let base = switch layer {
        case .environment: "environment \(location)"
        case .userFile: "user file \(location)"
        case .shippedFile: "shipped \(location)"
        }
        return legacyKey.map { "\(base) (legacy key \($0))" } ?? base
    }
}

/// Where an effective value came from, as `peach settings` reports it.
public enum SettingOrigin: Hashable, Sendable, CustomStringConvertible {
    case source(SettingSource)
    case builtInDefault
    /// The value in `invalidIn` was refused, so the built-in default applies.
    case fallback(invalidIn: SettingSource, reason: String)

    public var description: String {
        switch self {
        case .source(let source): source.description
        case .builtInDefault: "default"
        case .fallback(let source, _): "default (invalid value in \(source))"
        }
    }
}
