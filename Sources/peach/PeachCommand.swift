import ArgumentParser
import Glibc
import PeachFiles

@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch and rhythm ear training with a MIDI keyboard and any synth.",
        version: PeachVersion.current,
        subcommands: [TrainCommand.self, PortsCommand.self, PlayCommand.self, MonitorCommand.self,
                      LearnCommand.self, CalibrateCommand.self, DoctorCommand.self,
                      SettingsCommand.self, ProfileCommand.self, ExportCommand.self, ImportCommand.self,
                      ResetCommand.self, TuningsCommand.self]
    )

    /// Where a termination signal goes in `train`, `play`, `monitor` and `calibrate`: caught from the first
    /// line of `main`, kept until the command has something to stop.
    static let interruption = Interruption()

    /// The temporary files `export`, `profile --svg` (and anything `import` writes) have in the
    /// making, removed by a termination signal before the process ends.
    static let temporaryFiles = TemporaryFiles()

    /// Before anything else: a reader that goes away (`peach train --json | head`) is an
    /// ordinary end, seen as EPIPE where the output is written, never a death by SIGPIPE that
    /// would leave notes sounding; and a signal to a command that stops cleanly finds its
    /// handler already there, however early it comes.
    static func main() async {
        StandardOutput.holdPlaceIfClosed()
        signal(SIGPIPE, SIG_IGN)
        if let command = TerminationSignals.subcommand(in: CommandLine.arguments),
           TerminationSignals.catchingCommands.contains(command) {
            TerminationSignals.install(delivering: interruption)
        } else if let command = TerminationSignals.subcommand(in: CommandLine.arguments),
                  TemporaryFileSignals.commands.contains(command) {
            TemporaryFileSignals.install(removing: temporaryFiles)
        }
        await main(nil)
    }
}
