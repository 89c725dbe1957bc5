import ArgumentParser

@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch ear training with a MIDI keyboard and any synth.",
        subcommands: [SettingsCommand.self, ExportCommand.self, ImportCommand.self, ResetCommand.self,
                      ProfileCommand.self, StoreCrashWriterCommand.self]
    )
}
