import Configuration

/// One layer of settings as it stands at a refresh: an immutable swift-configuration snapshot.
struct ConfigLayer: Sendable {
    let layer: SettingSource.Layer
    /// The file's path; unused for the environment, whose source is each variable's name.
    let location: String
    let snapshot: any ConfigSnapshot
    /// Prepended to every key: ["peach"] for the environment, nothing for files.
    let keyPrefix: [String]

    static func environment(_ variables: [String: String]) -> ConfigLayer {
        ConfigLayer(
            layer: .environment,
            location: "",
            snapshot: EnvironmentVariablesProvider(environmentVariables: variables).snapshot(),
            keyPrefix: SettingsCatalogue.environmentKeyPrefix
        )
    }

    static func file(_ layer: SettingSource.Layer, path: String, snapshot: any ConfigSnapshot) -> ConfigLayer {
        ConfigLayer(layer: layer, location: path, snapshot: snapshot, keyPrefix: [])
    }

    /// The raw value of `key` with the name the provider found it under (the variable for the
    /// environment), or nil when absent. A YAML key holds either a scalar or a list, so asking
    /// for a string and then for a string array reads every shape a file can give.
    func lookup(_ key: String) -> (raw: RawSettingValue, encodedKey: String)? {
        let configKey = AbsoluteConfigKey(keyPrefix + key.split(separator: ".").map(String.init))
        if let result = try? snapshot.value(forKey: configKey, type: .string) {
            guard case .string(let text)? = result.value?.content else { return nil }
            let isNull = layer != .environment && YAMLScalar.nullSpellings.contains(text)
            return (.text(isNull ? "" : text), result.encodedKey)
        }
        if let result = try? snapshot.value(forKey: configKey, type: .stringArray),
           case .stringArray(let items)? = result.value?.content {
            return (.list(items), result.encodedKey)
        }
        return nil
    }

    func source(encodedKey: String, legacyKey: String?) -> SettingSource {
        switch layer {
        case .environment: SettingSource(layer: layer, location: encodedKey)
        case .userFile, .shippedFile: SettingSource(layer: layer, location: location, legacyKey: legacyKey)
        }
    }
}
