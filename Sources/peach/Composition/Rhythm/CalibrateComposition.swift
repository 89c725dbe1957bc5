import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachSettings
import PeachStore
import PeachTerminal
import PeachTools

/// Wires `peach calibrate`: the store, the client and its ports (chosen as `peach train`
/// chooses them), the rhythm player, the controller's taps stamped on the player's clock, the
/// estimate and its record. Everything it starts it also ends, whichever way it ends.
enum CalibrateComposition {
    /// How long after the last click a tap is still awaited: a quarter beat (the pairing
    /// window) plus the reader's delivery allowance, as rhythm matching allows.
    static func tail(beat: Duration) -> Duration { beat / 4 + RhythmMatchingSession.deliveryAllowance }

    static func calibrate(_ request: CalibrationRequest, settings: LayeredUserSettings,
                          storeOptions: StoreOptions) async throws {
        // The store first: a damaged database stops us before anything sounds.
        let store = try StoreComposition.openStore(storeOptions)
        let client = try SequencerComposition.openClient()
        defer { client.close() }
        let notice: @Sendable (String) -> Void = { printToStandardError($0) }
        let output = try await OutputComposition.chooseOutput(
            spec: request.outputSpec, client: client, frontEnd: request.frontEnd, settings: settings.rig, waiting: notice)
        // Whatever happens next, a synth we started does not outlive us.
        do {
            try await calibrate(request, settings: settings, store: store, client: client, output: output,
                                notice: notice)
            await output.startedSynth?.stop()
        } catch {
            await output.startedSynth?.stop()
            throw error
        }
    }

    private static func calibrate(_ request: CalibrationRequest, settings: LayeredUserSettings, store: TrainingStore,
                                  client: SequencerClient, output chosen: ChosenOutput,
                                  notice: @escaping @Sendable (String) -> Void) async throws {
        let output = chosen.port
        // Asked as a terminal user: with no controller, the answer is nil rather than a wait.
        guard let input = try await InputComposition.chooseInput(
            spec: request.inputSpec, client: client, frontEnd: request.frontEnd, terminal: true, waiting: notice)
        else { throw NoTapInput() }
        try client.connectOutput(to: output.address)
        // amsynth garbles what it reads together with a subscription notice (the last click is long over at our exit).
        let noticeGap = chosen.profile.subscriptionNoticeGap
        await noticeGap.wait()
        // On a terminal, each tap counted as it comes ("tap 5 of 20"); a pipe or --json gets the result only.
        let progress = !request.json && isatty(STDOUT_FILENO) == 1
            ? TapProgressLine(output: FileDescriptorOutput.standardOutput, total: request.clicks) : nil
        defer { progress?.finish() }
        // Stamped on the output queue: the clock the clicks are scheduled on.
        let taps = TapCollector(source: input.address, onTap: { progress?.tapped($0) })
        client.onInput { taps.receive($0) }
        try client.connectInput(from: input.address, timestampQueue: client.outputQueue)
        // The sound training clicks with: an attack of its own would count as latency.
        let player = try ALSARhythmPlayer(output: client, sound: chosen.profile.clickSound(notesChannel: settings.rig.midiChannel))
        defer { try? player.close() }

        let beat = request.tempo.sixteenth * 4
        let pattern = try ClickPattern(offsets: (0..<request.clicks).map { beat * $0 }, velocity: settings.training.rhythmClickVelocity)
        let seconds = Int((beat * (request.clicks - 1) / .milliseconds(1) / 1000).rounded())
        let instruction = "Tap along with the clicks on any key or pad of \(input.label.terminalSafe): \(request.clicks) clicks at "
            + "\(request.tempo), about \(seconds) s; the first \(TapLatencyEstimator.defaultSettlingClicks) are for "
            + "getting in time. q or Ctrl-C stops."
        // Unbuffered: the line is there before the first click, on a pipe too.
        let write: @Sendable (String) -> Void = { FileDescriptorOutput.standardOutput.write($0 + "\n") }
        if request.json { notice(instruction) } else { write(instruction) }

        let schedule = try player.schedule(pattern)
        do {
            try await player.sleep(until: schedule.last.advanced(by: tail(beat: beat)))
        } catch {
            try? player.stopAll()
            await noticeGap.wait()
            throw error
        }
        progress?.finish()
        let calibration: TapCalibration
        do {
            calibration = try TapLatencyEstimator().estimate(clicks: schedule.times, taps: taps.taken(),
                                                             measuredAt: RecordTimestamp.now())
        } catch {
            throw CalibrationRefused(reason: error.description)
        }
        try Task.checkCancellation()
        let outputName = output.calibrationName, inputName = input.calibrationName
        try await store.save(calibration, output: outputName, input: inputName)
        if request.json {
            write(CalibrationJSON(calibration, output: outputName, input: inputName).text)
        } else {
            write(calibration.summary)
            write("stored for \(outputName) with \(inputName): rhythm matching subtracts it from every tap")
        }
    }
}
