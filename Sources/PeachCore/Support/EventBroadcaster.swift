import Synchronization

/// Hands every published event to every current subscriber, in publication order.
///
/// Each stream subscriber gets its own AsyncStream, so a slow reader never holds up the
/// session. Handlers are called outside any lock of the session: events are queued (under the
/// session's lock, in its order) and one thread at a time delivers the queue, so a handler that
/// publishes or reads the session again only adds to the queue; re-entry cannot deadlock.
///
/// The queue and the subscribers share one lock, and the subscribers are kept as arrays: a
/// tuning movement publishes an event a thousand times a second on the controller's reader
/// thread, so one event costs three short holds of the lock (queue it, take it with the
/// subscribers, find the queue empty) and no allocation.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private typealias Stream = (id: Int, continuation: AsyncStream<Event>.Continuation)
    private typealias Handler = @Sendable (Event) -> Void

    private struct State {
        var nextID = 0
        var streams: [Stream] = []
        var handlers: [Handler] = []
        var queue: [Event] = []
        /// Where the undelivered part of `queue` begins (taken events are dropped once it is empty).
        var head = 0
        var delivering = false

        /// The next event with the subscribers to give it to; nil ends the delivery.
        mutating func take() -> (event: Event, handlers: [Handler], streams: [Stream])? {
            guard head < queue.count else {
                queue.removeAll(keepingCapacity: true)
                head = 0
                delivering = false
                return nil
            }
            defer { head += 1 }
            return (queue[head], handlers, streams)
        }
    }

    private let state = Mutex(State())

    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.streams.append((state.nextID, continuation))
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.streams.removeAll { $0.id == id } }
        }
        return stream
    }

    /// Calls `handler` with every event from now on, in order; on the publishing thread, or on
    /// the thread already delivering when events are published from several at once.
    func observe(_ handler: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    func publish(_ event: Event) {
        enqueue(event)
        deliver()
    }

    /// Queues `event` behind those queued before; `deliver()` hands it out.
    func enqueue(_ event: Event) {
        state.withLock { $0.queue.append(event) }
    }

    /// Delivers the queue unless another call (on this thread or another) already does.
    func deliver() {
        var next = state.withLock { state -> (event: Event, handlers: [Handler], streams: [Stream])? in
            guard !state.delivering, state.head < state.queue.count else { return nil }
            state.delivering = true
            return state.take()
        }
        while let (event, handlers, streams) = next {
            for handler in handlers { handler(event) }
            for stream in streams { stream.continuation.yield(event) }
            next = state.withLock { $0.take() }
        }
    }
}
