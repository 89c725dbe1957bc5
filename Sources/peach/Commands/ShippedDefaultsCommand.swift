import ArgumentParser
import PeachSettings

/// `peach settings defaults`: the shipped config/peach.yaml as the catalogue renders it (or, with
/// `--markdown`, the settings reference docs/settings.md), for regenerating those files after a
/// setting was added or changed.
struct ShippedDefaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults", abstract: "Print config/peach.yaml as generated from the built-in catalogue.")

    @Flag(help: "Print the settings reference (docs/settings.md) instead: every key, its type, default and meaning.")
    var markdown = false

    func run() throws {
        try StandardOutput.write(markdown ? SettingsReferenceRenderer.render() : ShippedConfigRenderer.render())
    }
}
