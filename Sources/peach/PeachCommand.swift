import ArgumentParser
import Glibc

@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch and rhythm ear training with a MIDI keyboard and any synth.",
        version: PeachVersion.current,
        subcommands: [TrainCommand.self, PortsCommand.self, PlayCommand.self, MonitorCommand.self,
                      LearnCommand.self, CalibrateCommand.self, DoctorCommand.self,
                      SettingsCommand.self, ProfileCommand.self, ExportCommand.self, ImportCommand.self,
                      ResetCommand.self, StoreCrashWriterCommand.self]
    )

    /// Where a termination signal goes in `train`, `play`, `monitor` and `calibrate`: caught from the first
    /// line of `main`, kept until the command has something to stop.
    static let interruption = Interruption()

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
        }
        await main(nil)
    }
}
