import ALSASequencer
import Synchronization

/// Keeps the synth Peach started playing for the whole run. When it dies (a crash, the OOM
/// killer on a small board) it is started again, and the hot-plug watch finds its port back by
/// name and training goes on; a headless rig must not stay silent until someone logs in. After
/// `restartLimit` restarts, or one that fails, the run ends with an error that says so.
final class SynthKeeper: Sendable {
    /// Three: a synth that keeps dying has a cause a restart will not cure.
    static let restartLimit = 3

    private struct State: Sendable {
        var current: RunningSynth
        var stopping = false
        var failure: String?
        var watcher: Task<Void, Never>?
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - notice: what the musician is told (a restart, and why).
    ///   - gaveUp: called once when no restart is left: end the run.
    init(_ synth: RunningSynth, launcher: any SynthLauncher, client: SequencerClient,
         notice: @escaping @Sendable (String) -> Void, gaveUp: @escaping @Sendable () -> Void) {
        state = Mutex(State(current: synth))
        // Holds the keeper until the run ends: stop() cancels it.
        let watcher = Task { [self] in
            var restarts = 0
            while true {
                let synth = state.withLock { $0.current }
                guard let status = await synth.process.exited() else { return }  // cancelled: the run ends
                guard !state.withLock({ $0.stopping }) else { return }
                await synth.stop()  // reaps it and removes what Peach made for it
                let engine = synth.engine.name
                guard restarts < Self.restartLimit else {
                    state.withLock { $0.failure = "\(engine) \(status) again after \(restarts) restarts, so Peach stopped: "
                        + "`peach doctor` checks it (\(engine) said: \(synth.process.standardError.suffix(300)))" }
                    gaveUp()
                    return
                }
                restarts += 1
                notice("\(engine) \(status) during training; starting it again (\(restarts) of \(Self.restartLimit))")
                do {
                    let restarted = try await launcher.start(client: client, notice: notice)
                    let keep = state.withLock { state in
                        if !state.stopping { state.current = restarted }
                        return !state.stopping
                    }
                    guard keep else {
                        await restarted.stop()
                        return
                    }
                } catch {
                    let failed = state.withLock { state in
                        if !state.stopping {
                            state.failure = "\(engine) \(status) during training and could not be started again: \(error)"
                        }
                        return !state.stopping
                    }
                    if failed { gaveUp() }
                    return
                }
            }
        }
        state.withLock { $0.watcher = watcher }
    }

    /// Why the run ended for want of its synth; nil while it plays (or played to the end).
    var failure: String? { state.withLock { $0.failure } }

    /// Stops watching and stops the synth now running; returns once it is reaped.
    func stop() async {
        let (synth, watcher) = state.withLock { state in
            state.stopping = true
            return (state.current, state.watcher)
        }
        watcher?.cancel()
        await watcher?.value
        await synth.stop()
    }
}

/// The run ended because the synth Peach started kept dying.
struct SynthLost: Error, CustomStringConvertible {
    let description: String
}
