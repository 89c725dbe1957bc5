import ALSASequencer

/// Collects everything a stream delivers so a test can wait, with a deadline, until what it
/// expects has arrived, and then inspect all of it. Waiting is event-driven: each new event
/// re-checks the waiters; the deadline only bounds a failing test.
actor EventCollector {
    private(set) var events: [SequencerEvent] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private var consumer: Task<Void, Never>?

    private struct Waiter {
        let condition: @Sendable ([SequencerEvent]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    init(_ stream: AsyncStream<SequencerEvent>) {
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<SequencerEvent>) async {
        for await event in stream {
            events.append(event)
            for (id, waiter) in waiters where waiter.condition(events) {
                waiters.removeValue(forKey: id)
                waiter.continuation.resume(returning: true)
            }
        }
    }

    /// True once `condition` holds for the events so far; false if `timeout` passes first.
    func waitUntil(timeout: Duration = .seconds(10), _ condition: @escaping @Sendable ([SequencerEvent]) -> Bool) async -> Bool {
        if condition(events) { return true }
        let id = nextWaiter
        nextWaiter += 1
        let deadline = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation { continuation in
            waiters[id] = Waiter(condition: condition, continuation: continuation)
        }
    }

    /// Waits for the first event matching `predicate` and returns it (nil on timeout).
    func first(timeout: Duration = .seconds(10), where predicate: @escaping @Sendable (SequencerEvent) -> Bool) async -> SequencerEvent? {
        guard await waitUntil(timeout: timeout, { $0.contains(where: predicate) }) else { return nil }
        return events.first(where: predicate)
    }

    /// The MIDI messages received so far, in order.
    var midiMessages: [MIDIMessage] {
        events.compactMap { if case .midi(let message) = $0.payload { message } else { nil } }
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}

extension SequencerEvent {
    var midiMessage: MIDIMessage? { if case .midi(let message) = payload { message } else { nil } }
    var announcement: SequencerAnnouncement? { if case .announcement(let announcement) = payload { announcement } else { nil } }
}
