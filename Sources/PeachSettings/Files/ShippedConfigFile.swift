import Configuration

/// The shipped defaults file, read once: it changes only when Peach is reinstalled.
enum ShippedConfigFile {
    /// - Parameter recognisingUnedited: take an unedited file's values without parsing it
    ///   (`UneditedShippedFile`); the tests turn it off to compare the two ways.
    static func read(path: String, recognisingUnedited: Bool = true) async -> (layer: ConfigLayer?, problems: [SettingsWarning]) {
        let consequence = "using the built-in defaults instead"
        let unknownKeys: [SettingsWarning]
        // The catalogue's rendering is made only once a file is there to compare it with: a
        // start without the shipped file (a copied executable) does not pay for it.
        var rendering: String?
        func isUnedited(_ text: String) -> Bool {
            guard recognisingUnedited else { return false }
            let unedited = rendering ?? ShippedConfigRenderer.render()
            rendering = unedited
            return text == unedited
        }
        switch ConfigFileText.read(path: path, knownSafe: isUnedited) {
        case .success(let file):
            if isUnedited(file.text) {
                return (ConfigLayer.file(.shippedFile, path: path, snapshot: UneditedShippedFile.snapshot()), [])
            }
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
