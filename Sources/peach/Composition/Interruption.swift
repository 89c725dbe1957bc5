import Synchronization

/// What a termination signal does at this moment: during start-up it cancels the task that is
/// starting (waiting for ports, starting FluidSynth), once training runs it ends training.
/// A signal that came before a handler was set is handed to that handler at once, so none is
/// lost between installing the signal handlers and having something to stop.
final class Interruption: Sendable {
    private let state = Mutex<(handler: (@Sendable () -> Void)?, interrupted: Bool)>((nil, false))

    func interrupt() {
        let handler = state.withLock { state in
            state.interrupted = true
            return state.handler
        }
        handler?()
    }

    /// From now on a signal calls `handler` (instead of the one set before).
    func onInterrupt(_ handler: @escaping @Sendable () -> Void) {
        let interrupted = state.withLock { state in
            state.handler = handler
            return state.interrupted
        }
        if interrupted { handler() }
    }

    func cancels<Success: Sendable>(_ task: Task<Success, any Error>) {
        onInterrupt { task.cancel() }
    }

    /// Runs `work` as a task that a signal (or `interrupt()`) cancels. Returns nil when it was
    /// cancelled so: the command then says in its own words what did not happen.
    func run<Success: Sendable>(_ work: @escaping @Sendable () async throws -> Success) async throws -> Success? {
        let task = Task { try await work() }
        cancels(task)
        do {
            return try await task.value
        } catch is CancellationError {
            return nil
        }
    }
}
