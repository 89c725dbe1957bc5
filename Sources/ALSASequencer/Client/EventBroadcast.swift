import Synchronization

/// Hands every received event to each open `events()` stream; a stream's consumer going away
/// unregisters it, and `finish` ends them all when the client closes.
final class EventBroadcast: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<SequencerEvent>.Continuation] = [:]
        var handlers: [@Sendable (SequencerEvent) -> Void] = []
        var finished = false
    }

    private let state = Mutex(State())
    /// Bounded so a consumer that stops reading cannot grow memory without limit.
    private let bufferSize: Int

    init(bufferSize: Int = 4096) { self.bufferSize = bufferSize }

    func stream() -> AsyncStream<SequencerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SequencerEvent.self,
                                                            bufferingPolicy: .bufferingNewest(bufferSize))
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `handler` on the reader thread with every event, before the streams get it.
    func observe(_ handler: @escaping @Sendable (SequencerEvent) -> Void) {
        state.withLock { state in
            guard !state.finished else { return }
            state.handlers.append(handler)
        }
    }

    /// How many streams are open, for tests.
    var streamCount: Int { state.withLock { $0.continuations.count } }

    func deliver(_ events: [SequencerEvent]) {
        guard !events.isEmpty else { return }
        let (handlers, continuations) = state.withLock { ($0.handlers, Array($0.continuations.values)) }
        for handler in handlers {
            for event in events { handler(event) }
        }
        for continuation in continuations {
            for event in events { continuation.yield(event) }
        }
    }

    func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            state.handlers.removeAll()
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
