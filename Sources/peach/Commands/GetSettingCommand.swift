import ArgumentParser
import Glibc
import PeachCore
import PeachSettings

/// `peach settings get KEY`: the effective value alone, for scripts.
struct GetSettingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the effective value of one setting.")

    @OptionGroup var options: SettingsFileOptions
    @Flag(help: "Print the value, its source and environment variable as JSON.") var json = false
    @Argument(help: "The setting's key, e.g. noteRange.lower.", completion: .list(SettingsCatalogue.all.map(\.key)))
    var key: String

    func run() async throws {
        let settings = try await SettingsComposition.makeSettings(configPath: options.configPath)
        let entry = try settings.entry(forKey: key)
        // The value as it is for a script; on a terminal its control characters are shown, not obeyed.
        let value = isatty(STDOUT_FILENO) == 1 ? entry.value.terminalSafe : entry.value
        try StandardOutput.write((json ? try SettingsJSON.render(entry) : value) + "\n")
    }
}
