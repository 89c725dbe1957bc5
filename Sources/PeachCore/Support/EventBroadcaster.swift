import Synchronization

/// Hands every published event to every current subscriber, in publication order.
/// Each subscriber gets its own AsyncStream, so a slow reader never holds up the session.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private let continuations = Mutex<[Int: AsyncStream<Event>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let id = nextID.add(1, ordering: .relaxed).newValue
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    func publish(_ event: Event) {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield(event)
        }
    }
}
