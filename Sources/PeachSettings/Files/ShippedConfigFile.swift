import Configuration

/// The shipped defaults file, read once: it changes only when Peach is reinstalled.
enum ShippedConfigFile {
    static func read(path: String) async -> (layer: ConfigLayer?, problems: [SettingsWarning]) {
        let consequence = "using the built-in defaults instead"
        let unknownKeys: [SettingsWarning]
        switch ConfigFileText.read(path: path) {
        case .success(let file):
            unknownKeys = UnknownKeys.warnings(in: file.text, source: "shipped \(path)")
        case .failure(.missing):
            return (nil, [])
        case .failure(let refusal):
            return (nil, [ConfigFileProblem.warning(for: refusal, path: path, source: "shipped", consequence: consequence)])
        }
        do {
            let provider = try await FileProvider<YAMLSnapshot>(filePath: .init(path), allowMissing: true)
            return (ConfigLayer.file(.shippedFile, path: path, snapshot: provider.snapshot()), unknownKeys)
        } catch {
            let problem = ConfigFileProblem.warning(for: error, path: path, source: "shipped", consequence: consequence)
            return (nil, [problem].compactMap { $0 })
        }
    }
}
