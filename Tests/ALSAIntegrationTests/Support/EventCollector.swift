import ALSASequencer
import PeachTestSupport

/// Collects everything a stream delivers (sequencer events, a session's or the hot-plug
/// supervisor's events) so a test can wait, with a deadline, until what it expects has arrived,
/// and then inspect all of it. Waiting is event-driven: each new event re-checks the waiters;
/// the deadline only bounds a failing test.
actor EventCollector<Event: Sendable> {
    private(set) var events: [Event] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private var consumer: Task<Void, Never>?

    private struct Waiter {
        let condition: @Sendable ([Event]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    init(_ stream: AsyncStream<Event>) {
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<Event>) async {
        for await event in stream {
            events.append(event)
            for (id, waiter) in waiters where waiter.condition(events) {
                waiters.removeValue(forKey: id)
                waiter.continuation.resume(returning: true)
            }
        }
    }

    /// True once `condition` holds for the events so far; false if `timeout` (stretched by
    /// `Patience`: it only ends a wedged wait) passes first.
    func waitUntil(timeout: Duration = .seconds(10), _ condition: @escaping @Sendable ([Event]) -> Bool) async -> Bool {
        if condition(events) { return true }
        let timeout = Patience.outer(timeout)
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
    func first(timeout: Duration = .seconds(10), where predicate: @escaping @Sendable (Event) -> Bool) async -> Event? {
        guard await waitUntil(timeout: timeout, { $0.contains(where: predicate) }) else { return nil }
        return events.first(where: predicate)
    }

    /// True once an event (logged already, or from now on) matches; false after `timeout`.
    func waitFor(timeout: Duration = .seconds(15), _ condition: @escaping @Sendable (Event) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { $0.contains(where: condition) }
    }

    /// True once one of the events after the first `mark` ones (logged already, or from now on)
    /// matches; false after `timeout`. For a stream that goes on by itself (a session's next
    /// trial), where `clear()` could forget an event that came before it.
    func waitFor(after mark: Int, timeout: Duration = .seconds(15), _ condition: @escaping @Sendable (Event) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { $0.dropFirst(mark).contains(where: condition) }
    }

    /// Forgets what was logged, so the next wait looks only at new events. Only for a stream
    /// that is quiet meanwhile: what arrived before the call is gone.
    func clear() { events.removeAll() }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}

extension EventCollector where Event == SequencerEvent {
    /// The MIDI messages received so far, in order.
    var midiMessages: [MIDIMessage] {
        events.compactMap { if case .midi(let message) = $0.payload { message } else { nil } }
    }
}

