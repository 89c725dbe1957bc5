import ALSASequencer
import Glibc
import PeachSettings

/// Starts FluidSynth as Peach's synth when no other is there: an ALSA sequencer client named
/// after this process, with the synth.* settings' soundfont and audio driver, and waits (on the
/// sequencer's announcements, not by polling) until its port is there to play to.
struct FluidSynthLauncher: Sendable {
    let settings: SynthLaunchSettings
    let locator: SoundFontLocator
    /// Loading a large soundfont takes seconds; a FluidSynth that takes longer is stuck.
    var startupLimit: Duration = .seconds(20)

    /// The FluidSynth command line: the sequencer driver with a client id of our own (its client
    /// becomes "FLUID Synth (ID)"), the audio driver only when one is set.
    static func arguments(soundFont: String, clientID: String, audioDriver: String?) -> [String] {
        ["-m", "alsa_seq", "-o", "midi.alsa_seq.id=\(clientID)"] + (audioDriver.map { ["-a", $0] } ?? []) + [soundFont]
    }

    func start(client: SequencerClient, notice: (String) -> Void) async throws -> RunningFluidSynth {
        guard settings.autoStart else { throw SynthStartError.autoStartOff }
        guard let executable = locator.fluidSynth else { throw SynthStartError.notInstalled }
        let soundFont = try locator.soundFont(configured: settings.soundFont)
        let clientID = "peach-\(getpid())"
        // Listening before FluidSynth exists, so its port's announcement cannot be missed.
        let announcements = client.events()
        notice("no synth port found: starting FluidSynth with \(soundFont)"
               + (settings.audioDriver.map { " (audio driver \($0))" } ?? ""))
        let process = try ChildProcess(
            executable: executable,
            arguments: Self.arguments(soundFont: soundFont, clientID: clientID, audioDriver: settings.audioDriver))
        do {
            let port = try await Self.port(named: "FLUID Synth (\(clientID))", of: process, announcements: announcements,
                                           client: client, limit: startupLimit)
            return RunningFluidSynth(port: port, soundFont: soundFont, process: process)
        } catch {
            await process.terminate()
            throw error
        }
    }

    private enum Startup: Sendable {
        case appeared(SequencerPort)
        case exited(ChildProcess.Status?)
        case timedOut
        case clientClosed
    }

    /// The first writable port of the client `clientName`, or an error once FluidSynth exits,
    /// the limit passes or the waiting task is cancelled.
    private static func port(named clientName: String, of process: ChildProcess,
                             announcements: AsyncStream<SequencerEvent>, client: SequencerClient,
                             limit: Duration) async throws -> SequencerPort {
        let startup = try await withThrowingTaskGroup(of: Startup.self) { group in
            group.addTask {
                for await event in announcements {
                    guard case .announcement(.portStarted(let address)) = event.payload,
                          let port = try? client.ports().first(where: { $0.address == address }),
                          port.clientName == clientName, port.canBeDestination else { continue }
                    return .appeared(port)
                }
                return .clientClosed
            }
            group.addTask { .exited(await process.exited()) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timedOut
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .clientClosed
        }
        try Task.checkCancellation()
        switch startup {
        case .appeared(let port):
            return port
        case .exited(let status):
            throw SynthStartError.exited(status: status?.description ?? "exited", stderr: process.standardError)
        case .timedOut:
            throw SynthStartError.timedOut(limit: limit, stderr: process.standardError)
        case .clientClosed:
            throw SequencerError.closed
        }
    }
}

/// The FluidSynth Peach started: its port, and `stop()`, which ends and reaps it.
struct RunningFluidSynth: Sendable {
    let port: SequencerPort
    let soundFont: String
    let process: ChildProcess

    /// End-of-file on its shell and SIGTERM, SIGKILL after a grace period; returns once it is
    /// reaped. Safe to call more than once.
    func stop() async {
        await process.terminate()
    }
}
