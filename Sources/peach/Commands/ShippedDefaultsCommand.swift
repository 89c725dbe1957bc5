import ArgumentParser
import PeachSettings

/// `peach settings defaults`: the shipped config/peach.yaml as the catalogue renders it, for
/// regenerating that file after a setting was added or changed.
struct ShippedDefaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults", abstract: "Print config/peach.yaml as generated from the built-in catalogue.")

    func run() throws {
        try StandardOutput.write(ShippedConfigRenderer.render())
    }
}
