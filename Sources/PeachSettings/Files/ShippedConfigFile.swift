import Configuration

/// The shipped defaults file, read once: it changes only when Peach is reinstalled.
enum ShippedConfigFile {
    static func read(path: String) async -> (layer: ConfigLayer?, problem: SettingsWarning?) {
        do {
            let provider = try await FileProvider<YAMLSnapshot>(filePath: .init(path), allowMissing: true)
            return (ConfigLayer.file(.shippedFile, path: path, snapshot: provider.snapshot()), nil)
        } catch {
            let problem = ConfigFileProblem.warning(
                for: error, path: path, source: "shipped", consequence: "using the built-in defaults instead")
            return (nil, problem)
        }
    }
}
