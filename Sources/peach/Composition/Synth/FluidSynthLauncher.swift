import ALSASequencer
import Glibc
import PeachSettings
import PeachTools

/// Starts FluidSynth as Peach's synth when no other is there: an ALSA sequencer client named
/// after this process, with the synth.* settings' soundfont and audio driver, and waits (for
/// its shell's prompt, not by polling) until it is ready to play.
struct FluidSynthLauncher: SynthLauncher {
    let settings: SynthLaunchSettings
    let locator: SoundFontLocator
    var patience = SynthStartPatience()
    var engine: SynthEngine { .fluidSynth }

    /// The FluidSynth command line: the sequencer driver with a client id of our own (its client
    /// becomes "FLUID Synth (ID)"), the audio driver only when one is set.
    static func arguments(soundFont: String, clientID: String, audioDriver: String?) -> [String] {
        ["-m", "alsa_seq", "-o", "midi.alsa_seq.id=\(clientID)"] + (audioDriver.map { ["-a", $0] } ?? []) + [soundFont]
    }

    /// FluidSynth's shell prompt: it starts the shell once its synth, its sequencer port and
    /// its audio driver are up. (Its port appears before the audio driver is tried, and a
    /// FluidSynth whose audio driver fails exits right after: the port alone proves nothing.)
    static let readyMarker = "> "

    /// What FluidSynth 2.3 says on stderr when a soundfont does not load (`fluid_synth.c`,
    /// `fluidsynth.c`).
    static let loadFailureMarkers = ["Failed to load", "not a SoundFont"]

    func start(client: SequencerClient, notice: @escaping @Sendable (String) -> Void) async throws -> RunningSynth {
        guard settings.autoStart else { throw SynthStartError.autoStartOff }
        guard let executable = locator.fluidSynth else { throw SynthStartError.notInstalled(.fluidSynth, named: settings.engine != .automatic) }
        let soundFont = try locator.soundFont(configured: settings.soundFont)
        let clientID = "peach-\(getpid())"
        notice("no synth port found: starting FluidSynth with \(soundFont)"
               + (settings.audioDriver.map { " (audio driver \($0))" } ?? ""))
        let process = try ChildProcess(
            executable: executable,
            arguments: Self.arguments(soundFont: soundFont, clientID: clientID, audioDriver: settings.audioDriver),
            readyMarker: Self.readyMarker)
        let progress = patience.reportProgress(of: engine, to: notice)
        defer { progress.cancel() }
        do {
            try await Self.waitUntilReady(process, limit: patience.limit, engine: engine)
            // FluidSynth starts its shell even when the font did not load, and then plays nothing.
            let said = process.standardError
            if Self.loadFailureMarkers.contains(where: said.contains) {
                throw SynthStartError.soundFontUnusable(soundFont, "FluidSynth could not load it (\(said))")
            }
            let clientName = "FLUID Synth (\(clientID))"
            guard let port = try client.ports().first(where: { $0.clientName == clientName && $0.canBeDestination }) else {
                throw SynthStartError.noPort(engine, clientName: clientName, stderr: process.standardError)
            }
            return RunningSynth(engine: .fluidSynth, port: port, sound: soundFont, process: process)
        } catch {
            await process.terminate()
            throw error
        }
    }

    /// Returns once FluidSynth is ready; throws when it exits first, the limit passes, or the
    /// waiting task is cancelled.
    private static func waitUntilReady(_ process: ChildProcess, limit: Duration, engine: SynthEngine) async throws {
        let milestone = try await withThrowingTaskGroup(of: ChildProcess.Milestone?.self) { group in
            group.addTask { await process.readiness() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        try Task.checkCancellation()
        switch milestone {
        case .ready?:
            return
        case .exited(let status)?:
            throw SynthStartError.exited(engine, status: status.description, stderr: process.standardError)
        case nil:
            throw SynthStartError.timedOut(engine, limit: limit, stderr: process.standardError)
        }
    }
}
