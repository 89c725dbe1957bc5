import Synchronization

/// Hands every published event to every current subscriber, in publication order.
/// Each stream subscriber gets its own AsyncStream, so a slow reader never holds up the
/// session; a handler is called synchronously by the publisher (it must not block or call back
/// into the session).
final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct Subscribers {
        var nextID = 0
        var streams: [Int: AsyncStream<Event>.Continuation] = [:]
        var handlers: [@Sendable (Event) -> Void] = []
    }

    private let subscribers = Mutex(Subscribers())

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

    func observe(_ handler: @escaping @Sendable (Event) -> Void) {
        subscribers.withLock { $0.handlers.append(handler) }
    }

    func publish(_ event: Event) {
        let (streams, handlers) = subscribers.withLock { (Array($0.streams.values), $0.handlers) }
        for handler in handlers { handler(event) }
        for continuation in streams { continuation.yield(event) }
    }
}
