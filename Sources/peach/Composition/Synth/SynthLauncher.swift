import ALSASequencer
import Glibc
import PeachTools

/// Starts one synth engine as Peach's synth when no other is there, and waits until it is
/// ready to play; the same launcher for `peach train`, `peach play` and `peach doctor`.
protocol SynthLauncher: Sendable {
    var engine: SynthEngine { get }
    /// `notice`: what Peach says it starts, and that it is still starting (shown while
    /// training starts).
    func start(client: SequencerClient, notice: @escaping @Sendable (String) -> Void) async throws -> RunningSynth
}

/// A synth Peach started: its port, and `stop()`, which ends and reaps it and removes what it
/// made for it.
struct RunningSynth: Sendable {
    let engine: SynthEngine
    let port: SequencerPort
    /// What it plays: the soundfont, or the bank.
    let sound: String
    let process: ChildProcess
    /// What it stops cleanly on (amsynth's headless mode waits for SIGINT).
    var stopSignal: Int32 = SIGTERM
    /// Run once it has been reaped (the private folder removed).
    var cleanUp: @Sendable () -> Void = {}

    /// Its stdin closed and `stopSignal`, SIGKILL after a grace period; returns once it is
    /// reaped. Safe to call more than once.
    func stop() async {
        await process.terminate(signal: stopSignal)
        cleanUp()
    }
}
