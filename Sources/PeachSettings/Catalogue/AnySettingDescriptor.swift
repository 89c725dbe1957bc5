import PeachCore

/// A setting without its value type: what listing, rendering and writing need.
public struct AnySettingDescriptor: Sendable {
    public let key: String
    public let legacyKeys: [String]
    public let comment: String
    /// The default's canonical text.
    public let defaultText: String
    /// The Swift type the setting yields (`MIDINote`, `Optional<String>`): what the settings
    /// reference (docs/settings.md) names in words.
    public var valueType: String { valueTypeName() }
    /// Named only when asked: a type's name costs the runtime a search of every protocol
    /// conformance, at every start, for a text only the reference shows.
    let valueTypeName: @Sendable () -> String
    let style: YAMLStyle
    let emptyIsValue: Bool
    let canonicalText: @Sendable (RawSettingValue) throws(DomainValueError) -> String
    let clampReason: @Sendable (RawSettingValue) -> String?
    /// A setting with a field of its own resolves itself into it and says what it found, for
    /// the report; nil for those `ResolvedSettings` assembles from several keys, and the front end's.
    let resolveField: (@Sendable (inout SettingsResolver, inout SettingsSnapshot) -> (value: String, origin: SettingOrigin))?

    /// The key's components, as swift-configuration addresses them.
    public var components: [String] { key.split(separator: ".").map(String.init) }

    /// PEACH_NOTE_RANGE_LOWER for noteRange.lower.
    public var environmentVariable: String { SettingsCatalogue.environmentVariable(for: key) }

    /// Validates `text` as `peach settings set` and the environment would read it, and
    /// returns its canonical text.
    public func validate(_ text: String) throws(DomainValueError) -> String {
        try canonicalText(.text(text))
    }

    /// For a value the setting accepts by clamping it (noteDuration 10): why it was clamped
    /// ("is outside 0.3…3.0 seconds"); nil for a value stored as given, or a refused one.
    public func clampReason(for text: String) -> String? {
        clampReason(.text(text))
    }

    /// The YAML spelling of a canonical text.
    func yamlValue(forCanonical text: String) -> String {
        switch style {
        case .plain: YAMLScalar.plainOrQuoted(text)
        case .quoted: YAMLScalar.quoted(text)
        case .flowList: YAMLScalar.flowList(text.split(separator: ",").map(String.init))
        }
    }
}
