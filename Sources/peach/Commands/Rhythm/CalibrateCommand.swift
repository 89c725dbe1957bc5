import ArgumentParser
import PeachCore
import PeachSettings
import PeachTerminal

/// `peach calibrate`: measures the rig's tap latency for rhythm matching.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure the delay between a click and your tap on it, for rhythm matching.",
        discussion: """
            Plays N clicks, one per beat at the rhythm.tempo setting, on the synth (--to, else \
            midi.outputPort, else the first synth, else one Peach starts); you tap along on any \
            key or pad of the controller (--from, else midi.inputPort, else the first \
            controller). The first four clicks are for getting in time. The median offset of \
            your taps from the clicks is the rig's tap latency: the synth's and audio's delay \
            plus the controller's, which a tap-along cannot tell apart, so it is stored for the \
            pair of ports. Rhythm matching subtracts the latest calibration of the ports it uses \
            from every tap. The terminal's keys cannot calibrate: the kernel does not stamp \
            them, so their timing depends on when a thread reads them.

            Refused, and nothing stored, when fewer than 8 taps land within a quarter beat of a \
            click or the taps scatter by more than 30 ms. q or Ctrl-C stops; nothing is stored.

            Examples:
              peach calibrate
              peach calibrate --from "MPK mini" --clicks 32
            """)

    @Option(help: ArgumentHelp("The synth's sequencer port (client:port, or a name as `peach ports` shows it).", valueName: "port"))
    var to: String?
    @Option(help: ArgumentHelp("The controller's sequencer port.", valueName: "port"))
    var from: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("How many clicks (\(CalibrationRequest.clickRange.lowerBound)…\(CalibrationRequest.clickRange.upperBound)).",
                               valueName: "n"))
    var clicks: Int = CalibrationRequest.defaultClicks
    @Flag(help: "Print the result as one JSON object.") var json = false
    @Option(help: ArgumentHelp("Seconds to wait for the ports to appear, or forever.", valueName: "seconds"),
            transform: OptionValues.portWait)
    var portWait: PortWait?
    @OptionGroup var settingsFile: SettingsFileOptions
    @OptionGroup var store: StoreOptions

    func validate() throws {
        let range = CalibrationRequest.clickRange
        guard range.contains(clicks) else {
            throw ValidationError("--clicks: \(clicks) is out of range (allowed: \(range.lowerBound)…\(range.upperBound))")
        }
    }

    func run() async throws {
        let interruption = PeachCommand.interruption
        // q stops as Ctrl-C does; the keys raw, so it needs no Enter and is not echoed.
        let terminal = try TerminalKeys.openQuitting(interruption)
        defer { terminal?.close() }
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath)
        let request = CalibrationRequest(command: self, settings: settings)
        let storeOptions = store
        if try await interruption.run({
            try await CalibrateComposition.calibrate(request, settings: settings, storeOptions: storeOptions)
        }) == nil {
            printToStandardError("calibration stopped: nothing stored")
        }
    }
}

/// The calibrate command's options (each typed and checked as it was parsed) merged over the settings.
struct CalibrationRequest: Sendable {
    /// Four to get in time and twenty to measure: about 18 s at 80 BPM.
    static let defaultClicks = 24
    /// At least the settling clicks and the taps a calibration needs; at most what the
    /// sequencer's output pool holds in one write with room to spare (two events a click).
    static let clickRange = TapLatencyEstimator().minimumClicks...96

    let clicks: Int
    let tempo: TempoBPM
    let json: Bool
    let outputSpec: String?
    let inputSpec: String?
    let frontEnd: FrontEndSettings

    init(command: CalibrateCommand, settings: LayeredUserSettings) {
        clicks = command.clicks
        tempo = settings.training.rhythmTempo
        json = command.json
        outputSpec = command.to ?? settings.rig.outputPort
        inputSpec = command.from ?? settings.rig.inputPort
        var frontEnd = settings.current.frontEnd
        if let portWait = command.portWait {
            frontEnd = FrontEndSettings(mode: frontEnd.mode, trials: frontEnd.trials, json: frontEnd.json,
                                        pitchResolution: frontEnd.pitchResolution, portWait: portWait,
                                        realtimePriority: frontEnd.realtimePriority, synth: frontEnd.synth,
                                        feedback: frontEnd.feedback, focus: frontEnd.focus)
        }
        self.frontEnd = frontEnd
    }
}
