import Synchronization

/// A clock whose sleeps end only when the harness lets one go (`release()`, one sleep each, in
/// any order) or their task is cancelled: a note sounds exactly until the harness has sent the
/// input that should stop it, on a machine of any speed.
final class GatedClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    private struct Gate {
        var releases = 0
        var nextID = 0
        var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelled: Set<Int> = []
    }

    private let gate = Mutex(Gate())

    var now: Instant { .now }
    var minimumResolution: Duration { .zero }

    /// Ends one sleep: the one waiting longest if any, else the next to begin.
    func release() {
        let sleeper: CheckedContinuation<Void, any Error>? = gate.withLock { gate in
            guard let first = gate.sleepers.keys.min() else {
                gate.releases += 1
                return nil
            }
            return gate.sleepers.removeValue(forKey: first)
        }
        sleeper?.resume()
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = gate.withLock { gate in
            defer { gate.nextID += 1 }
            return gate.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = gate.withLock { gate in
                    // A cancelled sleep takes no release: the one it was meant for is still to come.
                    if gate.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if gate.releases > 0 {
                        gate.releases -= 1
                        return .success(())
                    }
                    gate.sleepers[id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = gate.withLock { gate in
                guard let sleeper = gate.sleepers.removeValue(forKey: id) else {
                    gate.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return sleeper
            }
            sleeper?.resume(throwing: CancellationError())
        }
    }
}

/// A clock whose sleeps end at once: the session's feedback pause is skipped.
struct ImmediateClock: Clock {
    typealias Instant = ContinuousClock.Instant
    var now: Instant { .now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}
