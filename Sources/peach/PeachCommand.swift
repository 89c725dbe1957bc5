import ArgumentParser

@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch ear training with a MIDI keyboard and any synth.",
        subcommands: [TrainCommand.self, PortsCommand.self, PlayCommand.self, MonitorCommand.self,
                      LearnCommand.self, DoctorCommand.self,
                      SettingsCommand.self, ProfileCommand.self, ExportCommand.self, ImportCommand.self,
                      ResetCommand.self, StoreCrashWriterCommand.self]
    )
}
