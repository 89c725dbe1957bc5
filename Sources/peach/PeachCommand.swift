import ArgumentParser
import Glibc

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

    /// Before anything else: a reader that goes away (`peach train --json | head`) is an
    /// ordinary end, seen as EPIPE where the output is written, never a death by SIGPIPE that
    /// would leave notes sounding.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        await main(nil)
    }
}
