import Configuration

/// The shipped file when it is exactly the catalogue's rendering (`ShippedConfigRenderer`), taken
/// without screening or parsing it: key by key, what its YAML snapshot holds. Parsing YAML and
/// looking for unknown keys were the largest part of reading the settings, which every command
/// does first; the shipped file is unedited unless a packager or an administrator changed it,
/// and then it is screened and parsed as before.
enum UneditedShippedFile {
    static func snapshot(_ settings: [AnySettingDescriptor] = SettingsCatalogue.all) -> any ConfigSnapshot {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for setting in settings {
            let content: ConfigContent = switch setting.style {
            case .flowList: .stringArray(setting.defaultText.split(separator: ",").map(String.init))
            case .plain, .quoted: .string(setting.defaultText)
            }
            values[AbsoluteConfigKey(setting.components)] = ConfigValue(content, isSecret: false)
        }
        return InMemoryProvider(name: "unedited shipped file", values: values).snapshot()
    }
}
