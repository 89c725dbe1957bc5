import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachSettings
import PeachStore
import PeachTerminal
import Synchronization

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

/// The controller's note-ons (velocity above 0) and their kernel stamps, from the reader thread.
final class TapCollector: Sendable {
    private let source: SequencerAddress
    private let taps = Mutex<[RhythmInstant]>([])
    /// Hears the count of taps so far after each one.
    private let onTap: @Sendable (Int) -> Void

    init(source: SequencerAddress, onTap: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.source = source
        self.onTap = onTap
    }

    func receive(_ event: SequencerEvent) {
        guard event.source == source, case .noteOn(_, _, let velocity)? = event.midiMessage, velocity > 0,
              let stamp = event.timestampNanoseconds else { return }
        let count = taps.withLock { taps in
            taps.append(RhythmInstant(nanoseconds: Int64(clamping: stamp)))
            return taps.count
        }
        onTap(count)
    }

    func taken() -> [RhythmInstant] { taps.withLock { $0 } }
}

/// The result as one JSON object.
struct CalibrationJSON: Encodable {
    let latencyMs: Double
    let spreadMs: Double
    let taps: Int
    let output: String
    let input: String
    let measuredAt: String

    init(_ calibration: TapCalibration, output: String, input: String) {
        latencyMs = calibration.latency.milliseconds
        spreadMs = calibration.spreadMilliseconds
        taps = calibration.tapsUsed
        self.output = output
        self.input = input
        measuredAt = RecordTimestamp.text(of: calibration.measuredAt)
    }

    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// Only the terminal to tap on; printed as "Error: …", exit status 1.
struct NoTapInput: Error, CustomStringConvertible {
    var description: String {
        "calibration needs a MIDI controller: no controller is connected, and the terminal's keys are not timed by "
            + "the kernel (a key's time is when a thread reads it, several milliseconds late and never the same), "
            + "so they cannot measure a latency. Connect a controller or name it with --from (`peach ports` lists the ports)."
    }
}

/// The estimator's refusal; printed as "Error: calibration refused: …", exit status 1.
struct CalibrationRefused: Error, CustomStringConvertible {
    let reason: String
    var description: String { "calibration refused, nothing stored: \(reason)" }
}
