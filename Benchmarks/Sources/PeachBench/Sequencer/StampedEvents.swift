import ALSASequencer
import Synchronization

/// The MIDI events reaching a measuring client, read in order by one benchmark: `next` waits
/// (without polling) for the next event that matches, and fails after a deadline so a program
/// that stopped answering ends the figure with an error instead of hanging it.
///
/// Events are kept on the client's reader thread as it reads them: no stream, task or actor
/// per event, so the measuring side takes little of the CPU that the program measured needs.
/// Under emulation, with two CPUs, a task and an actor hop for every tap and every bend took
/// about half a CPU during figure 5's sweeps (session 16's profile).
final class StampedEvents: Sendable {
    private typealias Waiter = (id: Int, continuation: CheckedContinuation<SequencerEvent?, Never>)

    private struct State {
        var buffer: [SequencerEvent] = []
        var readIndex = 0
        var waiter: Waiter?
        var nextWaiterID = 0
        /// A wait whose deadline passed before it began waiting (its expiry ran first).
        var expiredEarly: Int?

        /// The next event not read yet, marked read.
        mutating func takeNext() -> SequencerEvent? {
            guard readIndex < buffer.count else { return nil }
            defer { readIndex += 1 }
            return buffer[readIndex]
        }
    }

    private let state = Mutex(State())

    init(_ client: SequencerClient) {
        client.onInput { [self] event in
            guard event.midiMessage != nil else { return }
            let waiter = state.withLock { state -> Waiter? in
                state.buffer.append(event)
                guard let waiter = state.waiter else { return nil }
                state.waiter = nil
                state.readIndex += 1
                return waiter
            }
            waiter?.continuation.resume(returning: event)
        }
    }

    /// The next event for which `matches` holds; the ones skipped are consumed too.
    func next(_ what: String, timeout: Duration = .seconds(10),
              where matches: @Sendable (SequencerEvent) -> Bool = { _ in true }) async throws -> SequencerEvent {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, let event = await nextEvent(within: remaining) else {
                let (count, last) = state.withLock { ($0.buffer.count, $0.buffer.suffix(6)) }
                let described = last.map { "\($0.midiMessage.map(String.init(describing:)) ?? "?") from \($0.source)" }
                throw BenchFailure("no \(what) arrived within \(timeout); \(count) events arrived in all"
                                   + (described.isEmpty ? "" : ", the last: " + described.joined(separator: "; ")))
            }
            if matches(event) { return event }
        }
    }

    /// Everything that arrived and was not read yet; marks it read.
    func takeAll() async -> [SequencerEvent] {
        state.withLock { state in
            defer { state.readIndex = state.buffer.count }
            return Array(state.buffer[state.readIndex...])
        }
    }

    private func nextEvent(within timeout: Duration) async -> SequencerEvent? {
        let (ready, id) = state.withLock { state -> (SequencerEvent?, Int) in
            if let event = state.takeNext() { return (event, 0) }
            defer { state.nextWaiterID += 1 }
            return (nil, state.nextWaiterID)
        }
        if let ready { return ready }
        let expiry = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.expire(id)
        }
        defer { expiry.cancel() }
        return await withCheckedContinuation { continuation in
            // An event that came between the look above and now is read at once.
            enum Now { case event(SequencerEvent), expired, wait }
            let now = state.withLock { state -> Now in
                if let event = state.takeNext() { return .event(event) }
                if state.expiredEarly == id { return .expired }
                state.waiter = (id, continuation)
                return .wait
            }
            switch now {
            case .event(let event): continuation.resume(returning: event)
            case .expired: continuation.resume(returning: nil)
            case .wait: break
            }
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter, waiter.id == id else {
                state.expiredEarly = id
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: nil)
    }
}
