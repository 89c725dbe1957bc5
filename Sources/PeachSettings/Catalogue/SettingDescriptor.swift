import PeachCore
import PeachRig

/// How a value is spelled in YAML.
enum YAMLStyle: Sendable {
    /// Bare unless it needs quotes: numbers, note names, tuning names.
    case plain
    /// Always double-quoted: free text such as port names.
    case quoted
    /// A flow sequence, `[P5u, M3d]`; its canonical text separates items with commas.
    case flowList
}

/// One setting of the catalogue: its key, comment and default, and how its text is read
/// and written. Typed by the value it yields, so the resolved settings need no casts.
public struct SettingDescriptor<Value: Sendable>: Sendable {
    /// Dotted, camelCase components: "noteRange.lower".
    public let key: String
    /// Earlier spellings still read when `key` is absent from the same layer.
    public let legacyKeys: [String]
    /// One line for config/peach.yaml.
    public let comment: String
    public let defaultValue: Value
    let style: YAMLStyle
    /// Whether an empty value is a value (nil, "pick automatically") rather than "not set here".
    let emptyIsValue: Bool
    let parse: @Sendable (RawSettingValue) throws(DomainValueError) -> Value
    /// The canonical text: what `peach settings` shows, and what `parse` reads back unchanged.
    let format: @Sendable (Value) -> String
    /// For a setting the domain clamps rather than refuses: why the value read from `raw`
    /// is not what was written ("is outside 0.3…3.0 seconds"), or nil when it is.
    let clampReason: (@Sendable (RawSettingValue, Value) -> String?)?
    /// For a value whose domain type forgets what the user wrote but should keep it (the
    /// intervals' order, in a `Set`): the canonical text straight from the raw value, instead
    /// of `format(parse(raw))`. It must accept exactly what `parse` accepts.
    let canonical: (@Sendable (RawSettingValue) throws(DomainValueError) -> String)?
    /// Where the value lives in the resolved settings (`TrainingSettings` or `RigSettings`,
    /// whose initialiser is its default); nil for a setting assembled with others (the note
    /// range, the sound, the controller mapping) or the front end's.
    let field: SettingField<Value>?

    /// A setting with a field of its own: its default is the field's, and resolving it sets it.
    init(
        key: String,
        legacyKeys: [String] = [],
        comment: String,
        field: SettingField<Value>,
        style: YAMLStyle = .plain,
        emptyIsValue: Bool = false,
        parse: @escaping @Sendable (RawSettingValue) throws(DomainValueError) -> Value,
        format: @escaping @Sendable (Value) -> String,
        clampReason: (@Sendable (RawSettingValue, Value) -> String?)? = nil,
        canonical: (@Sendable (RawSettingValue) throws(DomainValueError) -> String)? = nil
    ) {
        self.init(key: key, legacyKeys: legacyKeys, comment: comment, defaultValue: field.defaultValue, style: style,
                  emptyIsValue: emptyIsValue, parse: parse, format: format, clampReason: clampReason,
                  canonical: canonical, field: field)
    }

    init(
        key: String,
        legacyKeys: [String] = [],
        comment: String,
        defaultValue: Value,
        style: YAMLStyle = .plain,
        emptyIsValue: Bool = false,
        parse: @escaping @Sendable (RawSettingValue) throws(DomainValueError) -> Value,
        format: @escaping @Sendable (Value) -> String,
        clampReason: (@Sendable (RawSettingValue, Value) -> String?)? = nil,
        canonical: (@Sendable (RawSettingValue) throws(DomainValueError) -> String)? = nil,
        field: SettingField<Value>? = nil
    ) {
        self.key = key
        self.legacyKeys = legacyKeys
        self.comment = comment
        self.defaultValue = defaultValue
        self.style = style
        self.emptyIsValue = emptyIsValue
        self.parse = parse
        self.format = format
        self.clampReason = clampReason
        self.canonical = canonical
        self.field = field
    }

    public var erased: AnySettingDescriptor {
        let resolveField = field.map { field in
            { @Sendable [self] (resolver: inout SettingsResolver, snapshot: inout SettingsSnapshot) in
                let resolution = resolver.resolve(self)
                field.set(resolution.value, in: &snapshot)
                let written = resolution.raw.flatMap { raw in try? canonical?(raw) }
                return (written ?? format(resolution.value), resolution.origin)
            }
        }
        return AnySettingDescriptor(
            key: key,
            legacyKeys: legacyKeys,
            comment: comment,
            defaultText: format(defaultValue),
            valueTypeName: { String(describing: Value.self) },
            style: style,
            emptyIsValue: emptyIsValue,
            canonicalText: { [parse, format, canonical] raw throws(DomainValueError) in
                if let canonical { return try canonical(raw) }
                return format(try parse(raw))
            },
            clampReason: { [parse, clampReason] raw in
                guard let clampReason, let value = try? parse(raw) else { return nil }
                return clampReason(raw, value)
            },
            resolveField: resolveField
        )
    }
}

/// Where a setting's value lives in the resolved settings.
enum SettingField<Value: Sendable>: Sendable {
    case training(WritableKeyPath<TrainingSettings, Value> & Sendable)
    case rig(WritableKeyPath<RigSettings, Value> & Sendable)

    /// The value's built-in default: the field's in the default settings.
    var defaultValue: Value {
        switch self {
        case .training(let field): TrainingSettings.defaults[keyPath: field]
        case .rig(let field): RigSettings.defaults[keyPath: field]
        }
    }

    func set(_ value: Value, in snapshot: inout SettingsSnapshot) {
        switch self {
        case .training(let field): snapshot.training[keyPath: field] = value
        case .rig(let field): snapshot.rig[keyPath: field] = value
        }
    }
}

/// The two values resolution fills, field by field.
struct SettingsSnapshot: Sendable {
    var training = TrainingSettings.defaults
    var rig = RigSettings.defaults
}
