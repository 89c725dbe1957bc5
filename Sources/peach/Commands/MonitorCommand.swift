import ArgumentParser
import PeachCore
import PeachSettings

/// `peach monitor`: what the controller sends and what Peach makes of it.
struct MonitorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Show what the MIDI controller sends and what Peach makes of it.",
        discussion: """
            Connects to the controller (--from, else midi.inputPort, else the first controller \
            `peach ports` lists; waited for as --port-wait or midi.portWait says) and prints one \
            line per event: what was sent (note on/off with name and velocity, CC number and \
            value, pitch bend, program change, channel) and what the current mapping (the \
            controller.* settings) makes of it in MODE: answer higher/lower, touch, adjust, \
            commit, a command, or "ignored" and why. Comparison answers are relative to a \
            pretend target, the middle of the note range (the header names it). Nothing sounds \
            and nothing is recorded.

            If the controller disappears, monitor says so and waits for it to come back. \
            Ctrl-C (or SIGTERM, SIGHUP) ends it with status 0.

            Examples:
              peach monitor
              peach monitor --from "Keystation" --mode matching
              peach monitor --json > events.jsonl
            """)

    @Option(help: ArgumentHelp("The controller's sequencer port (client:port, or a name as `peach ports` shows it).",
                               valueName: "port"))
    var from: String?
    @Option(help: ArgumentHelp("comparison, matching, interval-comparison or interval-matching (default: train.mode).",
                               valueName: "mode"), transform: OptionValues.mode)
    var mode: TrainingMode?
    @Flag(help: "One JSON object per line for every event.")
    var json = false
    @Option(help: ArgumentHelp("Seconds to wait for the controller to appear, or forever.", valueName: "seconds"),
            transform: OptionValues.portWait)
    var portWait: PortWait?
    @OptionGroup var settingsFile: SettingsFileOptions

    func run() async throws {
        // Caught from the start, so a signal while waiting for the controller ends with 0 too.
        let interruption = PeachCommand.interruption
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath)
        let frontEnd = settings.current.frontEnd
        let mode = self.mode ?? frontEnd.mode
        let portWait = self.portWait ?? frontEnd.portWait
        let spec = from ?? settings.rig.inputPort
        let json = json
        // Stopped while waiting for the controller (nil): nothing to say.
        _ = try await interruption.run {
            try await MonitorComposition.monitor(spec: spec, mode: mode, json: json, portWait: portWait, settings: settings,
                                                interruption: interruption)
        }
    }
}
