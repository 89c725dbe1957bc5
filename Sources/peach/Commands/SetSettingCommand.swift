import ArgumentParser
import PeachCore
import PeachSettings

/// `peach settings set KEY VALUE`: validates the value and stores it in the user's file.
struct SetSettingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Store a setting in your settings file.")

    @OptionGroup var options: SettingsFileOptions
    @Argument(help: "The setting's key, e.g. noteDuration.", completion: .list(SettingsCatalogue.all.map(\.key)))
    var key: String
    @Argument(help: "The new value, e.g. 1.5, C3, or P5u,M3d for intervals.") var value: String

    func run() async throws {
        let settings = try await SettingsComposition.makeSettings(configPath: options.configPath, creatingFile: true)
        let entry = try await settings.set(key, to: value)
        try StandardOutput.write("\(entry.key) = \(entry.displayValue.terminalSafe) (written to \(settings.files.userFile.terminalSafe))\n")
        // The domain clamps a few values (noteDuration) rather than refusing them: say so.
        if let reason = SettingsCatalogue.descriptor(forKey: key)?.clampReason(for: value) {
            printToStandardError("note: \(entry.key) \(value.quotedExcerpt) \(reason): stored \(entry.displayValue), the nearest allowed")
        }
        if case .source(let source) = entry.origin, source.layer == .environment {
            printToStandardError("note: \(source) overrides the file while it is set")
        }
    }
}
