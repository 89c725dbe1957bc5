import Synchronization

/// Whether the input queue has ticked once (see `SequencerClient.inputClockSettled()`), and the
/// tasks waiting for it.
final class InputClockSettling: Sendable {
    private struct State {
        var settled: Bool
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(settled: Bool) { state = Mutex(State(settled: settled)) }

    func settle() {
        let waiters = state.withLock { state in
            state.settled = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = state.withLock { state in
                if !state.settled { state.waiters.append(continuation) }
                return state.settled
            }
            if settled { continuation.resume() }
        }
    }
}
