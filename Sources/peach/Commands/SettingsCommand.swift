import ArgumentParser

struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "settings", abstract: "Show the effective settings.")
    func run() async throws {}
}
