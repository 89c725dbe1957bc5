import Configuration

extension SettingsCatalogue {
    /// Every environment variable starts with PEACH_: the key is looked up under this prefix.
    static let environmentKeyPrefix = ["peach"]

    /// The variable swift-configuration's `EnvironmentVariablesProvider` reads for `key`, asked
    /// of the provider itself so the name cannot drift from its encoding
    /// (["peach", "noteRange", "lower"] → PEACH_NOTE_RANGE_LOWER).
    public static func environmentVariable(for key: String) -> String {
        let components = environmentKeyPrefix + key.split(separator: ".").map(String.init)
        let lookup = try? EnvironmentVariablesProvider(environmentVariables: [:])
            .value(forKey: AbsoluteConfigKey(components), type: .string)
        return lookup?.encodedKey ?? key
    }
}
