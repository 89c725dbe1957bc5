import Synchronization

/// A clock that only moves when a test advances it, so session timing is tested without sleeping.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, cancelled, waiters) = state.withLock { state -> (Bool, Bool, [CheckedContinuation<Void, Never>]) in
                    if state.sleepers[id]?.cancelled == true {
                        state.sleepers[id] = nil
                        return (true, true, [])
                    }
                    if deadline <= state.now { return (true, false, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, false, Self.takeSatisfiedWaiters(&state))
                }
                waiters.forEach { $0.resume() }
                if resumeNow {
                    cancelled ? continuation.resume(throwing: CancellationError()) : continuation.resume()
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let sleeper = state.sleepers[id] else {
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: nil, cancelled: true)
                    return nil
                }
                state.sleepers[id] = nil
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let dueIDs = state.sleepers.filter { !$0.value.cancelled && $0.value.deadline <= now }.map(\.key)
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        due.forEach { $0.resume() }
    }

    /// Suspends until at least `count` tasks sleep on this clock.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if Self.activeSleepers(state) >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits for one sleeper, then advances time by `duration`.
    public func advanceWhenSleeping(by duration: Duration) async {
        await waitForSleepers(1)
        advance(by: duration)
    }

    private static func activeSleepers(_ state: State) -> Int {
        state.sleepers.values.filter { !$0.cancelled && $0.continuation != nil }.count
    }

    private static func takeSatisfiedWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let active = activeSleepers(state)
        let satisfied = state.sleeperWaiters.filter { $0.count <= active }.map(\.continuation)
        state.sleeperWaiters.removeAll { $0.count <= active }
        return satisfied
    }
}
