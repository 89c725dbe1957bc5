/// Inputs to a running session, each tagged with the trial it was given in, so that an input
/// that arrives late (after its trial ended) cannot leak into the next trial.
typealias TrialInputs<Input: Sendable> = AsyncStream<(trial: Int, input: Input)>

/// What every session shares: one task runs trials, one after the other, until stop() or a
/// failure; inputs reach it through a stream, so between inputs it is suspended.
///
/// The inputs themselves are taken synchronously, from whatever thread read them, by the
/// session's `live` state behind a lock: it decides at once whether an input counts and sends
/// the reaction a musician times (a note-off, a bend) before the loop learns of it.
protocol TrialLoopSession: Actor {
    associatedtype Input: Sendable

    var runTask: Task<Void, Never>? { get set }

    /// Silences everything the session's player started or scheduled; errors are ignored
    /// (the output may be gone, and the session is ending either way).
    func silencePlayer()

    /// Where inputs go from now on (nil: nowhere); set under the live lock.
    nonisolated func setInputs(_ continuation: TrialInputs<Input>.Continuation?)
    /// Runs one trial to its end; throws CancellationError when stopped.
    func runTrial(_ inputs: inout TrialInputs<Input>.Iterator) async throws
    /// Back at idle: silence what the trial held, set the state and tell the listeners why.
    func didEnd(_ reason: SessionStopReason)
}

/// Thrown by a trial to end the session because nobody is there (`SessionStopReason.unanswered`).
struct UnansweredTrials: Error {
    let trials: Int
}

extension TrialLoopSession {
    func startLoop() {
        let (stream, continuation) = TrialInputs<Input>.makeStream()
        setInputs(continuation)
        runTask = Task { await self.runLoop(stream) }
    }

    func stopLoop() async {
        guard let task = runTask else { return }
        runTask = nil
        task.cancel()
        await task.value
        end(.requested)
    }

    private func runLoop(_ stream: TrialInputs<Input>) async {
        var iterator = stream.makeAsyncIterator()
        do {
            while true {
                try Task.checkCancellation()
                try await runTrial(&iterator)
            }
        } catch {
            // stop() cancelled us and ends the session itself.
            guard !Task.isCancelled else { return }
            runTask = nil
            end((error as? UnansweredTrials).map { .unanswered(trials: $0.trials) } ?? .failed(error))
        }
    }

    private func end(_ reason: SessionStopReason) {
        setInputs(nil)
        silencePlayer()
        didEnd(reason)
    }
}
