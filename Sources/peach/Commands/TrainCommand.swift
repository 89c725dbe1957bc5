import ArgumentParser
import PeachCore
import PeachSettings
import PeachTerminal
import PeachTrainer

/// `peach train [MODE]`: the front end a musician runs.
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train pitch or rhythm perception with a MIDI keyboard (or the computer's keys) and any synth.",
        discussion: """
            MODE is comparison (was the second note higher or lower?), matching (tune a note to \
            the reference), interval-comparison, interval-matching, rhythm-offset-detection (was \
            the fourth click early or late?) or rhythm-matching (tap the fourth click; `rhythm` for \
            short); without it, the setting train.mode. Every option has a setting (`peach settings` lists them): --to \
            midi.outputPort, --from midi.inputPort, --intervals intervals, --tuning tuning, --trials train.trials, \
            --json train.json, --port-wait midi.portWait, --focus train.focus.

            With no --to and no synth running, Peach starts one (synth.engine) and stops it on exit. With \
            no controller, the terminal answers: ↑/h higher, ↓/l lower; ←/→ tune and Enter \
            commits in matching; ←/→ answer early/late and space or Enter taps in rhythm (a key is \
            timed when read, a few ms coarser than a pad's kernel stamp); q quits, space or p \
            pauses, m switches the mode (within pitch, or within rhythm).

            Examples:
              peach train comparison
              peach train interval-matching --intervals P5u,M3d --from "Keystation" --to 128:0
              peach train interval-comparison --tuning werckmeister-iii --intervals M3u
              peach train comparison --trials 20 --json > session.jsonl
              peach train rhythm-matching --from "MPD218"
            """)

    @Argument(help: ArgumentHelp("comparison, matching, interval-comparison, interval-matching, rhythm-offset-detection or rhythm-matching.",
                                  valueName: "mode"),
              completion: .list(TrainingMode.allCases.map(\.rawValue)), transform: OptionValues.mode)
    var mode: TrainingMode?
    @Option(help: ArgumentHelp("The synth's sequencer port (client:port, or a name as `peach ports` shows it).", valueName: "port"),
            completion: PortCompletion.destinations)
    var to: String?
    @Option(help: ArgumentHelp("The controller's sequencer port.", valueName: "port"), completion: PortCompletion.sources)
    var from: String?
    @Option(help: ArgumentHelp("Intervals of the interval modes, abbreviation plus u or d: P5u,M3d.", valueName: "list"),
            transform: OptionValues.intervals)
    var intervals: Set<DirectedInterval>?
    @Option(help: ArgumentHelp("Tuning of the pitch modes: a built-in (`peach tunings` lists them) or a 12-note Scala file, "
                               + "scale.scl[,map.kbm].", valueName: "tuning"), transform: OptionValues.tuning)
    var tuning: Tuning?
    // Unconditional: `--trials -1` reaches the check that says it is negative, instead of
    // "missing value" (a leading dash reads as an option).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Stop after this many completed trials (0: until stopped).", valueName: "n"))
    var trials: Int?
    @Option(help: ArgumentHelp("weak: trials go to your weakest intervals and registers; none: evenly.",
                               valueName: "focus"), completion: .list(TrainingFocus.allCases.map(\.rawValue)),
            transform: OptionValues.focus)
    var focus: TrainingFocus?
    @Flag(inversion: .prefixedNo, help: "One JSON object per line for every state change and trial.")
    var json: Bool?
    @Option(help: ArgumentHelp("Seconds to wait for the ports to appear, or forever.", valueName: "seconds"),
            transform: OptionValues.portWait)
    var portWait: PortWait?
    @OptionGroup var settingsFile: SettingsFileOptions
    @OptionGroup var store: StoreOptions
    @Flag(help: "Log what Peach does to stderr.") var verbose = false

    func validate() throws {
        if let trials, trials < 0 {
            throw ValidationError("--trials: \(trials) is negative (0 trains until stopped)")
        }
    }

    func run() async throws {
        // Caught from the start: systemd may stop a rig while it still waits for its ports, and
        // that too is a clean stop (exit 0), not a death by signal.
        let interruption = PeachCommand.interruption
        // The keys raw from the first moment: a q typed while Peach starts quits and is not
        // echoed; every way out puts the terminal back.
        let terminal = try TerminalKeys.openQuitting(interruption)
        defer { terminal?.close() }
        let jobControl = terminal.map { JobControl(terminal: $0) }
        let jobSignals = jobControl.map { control in
            JobControlSignals(stopping: { control.stopping() }, continued: { control.continued() })
        }
        defer { jobSignals?.cancel() }
        let warnings = SettingsWarningRelay()
        // The store opens while the settings are read; a settings error still comes first.
        let storeOpening = StoreComposition.openingForTraining(store)
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath,
                                                                 warningSink: warnings.sink)
        let request = TrainingRequest(command: self, settings: settings)
        guard let outcome = try await interruption.run({
            try await TrainComposition.train(request, settings: settings, settingsWarnings: warnings,
                                             storeOpening: storeOpening, interruption: interruption,
                                             jobControl: jobControl)
        }) else {
            printToStandardError("stopped before training began")
            return
        }
        if case .failed(let reason, _) = outcome {
            throw TrainingFailed(reason: reason)
        }
    }
}

/// The train command's options (each typed and checked as it was parsed) merged over the settings.
struct TrainingRequest: Sendable {
    let mode: TrainingMode
    let intervals: Set<DirectedInterval>
    /// --tuning; nil: the settings' tuning.
    let tuning: Tuning?
    let trialLimit: Int?
    let json: Bool
    let outputSpec: String?
    let inputSpec: String?
    let frontEnd: FrontEndSettings
    let verbose: Bool
    let focus: TrainingFocus

    init(command: TrainCommand, settings: LayeredUserSettings) {
        let frontEnd = settings.current.frontEnd
        mode = command.mode ?? frontEnd.mode
        intervals = command.intervals ?? settings.training.intervals
        tuning = command.tuning
        trialLimit = command.trials.map { $0 == 0 ? nil : $0 } ?? frontEnd.trials
        json = command.json ?? frontEnd.json
        outputSpec = command.to ?? settings.rig.outputPort
        inputSpec = command.from ?? settings.rig.inputPort
        let portWait = command.portWait ?? frontEnd.portWait
        focus = command.focus ?? frontEnd.focus
        self.frontEnd = FrontEndSettings(mode: mode, trials: trialLimit, json: json,
                                         pitchResolution: frontEnd.pitchResolution, portWait: portWait,
                                         realtimePriority: frontEnd.realtimePriority, synth: frontEnd.synth, feedback: frontEnd.feedback, focus: focus)
        verbose = command.verbose
    }
}

/// Printed as "Error: training stopped: …", exit status 1.
struct TrainingFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
