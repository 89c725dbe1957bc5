import ArgumentParser
import PeachSettings

/// `peach learn`: the controller mapping, learnt by pressing and moving the controls.
struct LearnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Learn the controller mapping by pressing and moving each control.",
        discussion: """
            Walks through each control Peach uses: the comparison answers (keys relative to \
            the target, or a control for higher and one for lower), the matching tuning control \
            (mod wheel, any CC, a 14-bit CC pair, a relative encoder or the pitch wheel), the \
            matching commit, and the commands start/stop, next mode and quit. For each, press or \
            move it on the controller, then confirm with Enter (r tries again); Enter or s skips \
            a step and keeps its setting. A control that already has another meaning is refused.

            At the end the controller.* keys that changed are written to your settings file \
            (atomically, keeping your other keys), or printed with --dry-run. The answers may be \
            piped to stdin, one line each.

            Examples:
              peach learn
              peach learn --from "Keystation" --dry-run
            """)

    @Option(help: ArgumentHelp("The controller's sequencer port (client:port, or a name as `peach ports` shows it).",
                               valueName: "port"))
    var from: String?
    @Flag(help: "Print the settings file as it would be instead of writing it.")
    var dryRun = false
    @Option(help: ArgumentHelp("Seconds each step waits for a control before skipping it.", valueName: "seconds"))
    var timeout: Double = 30
    @OptionGroup var settingsFile: SettingsFileOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout: \(timeout) is not a number of seconds in 0…3600")
        }
    }

    func run() async throws {
        // Learn writes the mapping it found into the settings file: a missing one it creates.
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath, creatingFile: true)
        try await LearnComposition.learn(spec: from ?? settings.rig.inputPort, dryRun: dryRun,
                                         stepTimeout: .milliseconds(Int64(timeout * 1000)), settings: settings)
    }
}
