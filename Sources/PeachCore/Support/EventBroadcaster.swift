import Synchronization

/// Hands every published event to every current subscriber, in publication order.
///
/// Each stream subscriber gets its own AsyncStream, so a slow reader never holds up the
/// session. Handlers are called outside any lock of the session: events are queued (under the
/// session's lock, in its order) and one thread at a time delivers the queue, so a handler that
/// publishes or reads the session again only adds to the queue; re-entry cannot deadlock.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct Subscribers {
        var nextID = 0
        var streams: [Int: AsyncStream<Event>.Continuation] = [:]
        var handlers: [@Sendable (Event) -> Void] = []
    }

    private struct Outbox {
        var queue: [Event] = []
        var delivering = false
    }

    private let subscribers = Mutex(Subscribers())
    private let outbox = Mutex(Outbox())

    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let id = subscribers.withLock { subscribers in
            defer { subscribers.nextID += 1 }
            subscribers.streams[subscribers.nextID] = continuation
            return subscribers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `handler` with every event from now on, in order; on the publishing thread, or on
    /// the thread already delivering when events are published from several at once.
    func observe(_ handler: @escaping @Sendable (Event) -> Void) {
        subscribers.withLock { $0.handlers.append(handler) }
    }

    func publish(_ event: Event) {
        enqueue(event)
        deliver()
    }

    /// Queues `event` behind those queued before; `deliver()` hands it out.
    func enqueue(_ event: Event) {
        outbox.withLock { $0.queue.append(event) }
    }

    /// Delivers the queue unless another call (on this thread or another) already does.
    func deliver() {
        let claimed = outbox.withLock { outbox in
            guard !outbox.delivering, !outbox.queue.isEmpty else { return false }
            outbox.delivering = true
            return true
        }
        guard claimed else { return }
        while let event = next() {
            let (streams, handlers) = subscribers.withLock { (Array($0.streams.values), $0.handlers) }
            for handler in handlers { handler(event) }
            for continuation in streams { continuation.yield(event) }
        }
    }

    private func next() -> Event? {
        outbox.withLock { outbox in
            guard !outbox.queue.isEmpty else {
                outbox.delivering = false
                return nil
            }
            return outbox.queue.removeFirst()
        }
    }
}
