import ALSASequencer

/// The MIDI events reaching a measuring client, read in order by one benchmark: `next` waits
/// (without polling) for the next event that matches, and fails after a deadline so a program
/// that stopped answering ends the figure with an error instead of hanging it.
actor StampedEvents {
    private var buffer: [SequencerEvent] = []
    private var readIndex = 0
    private var waiter: (id: Int, continuation: CheckedContinuation<SequencerEvent?, Never>)?
    private var nextWaiterID = 0
    private var ended = false

    init(_ client: SequencerClient) {
        let stream = client.events()
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<SequencerEvent>) async {
        for await event in stream where event.midiMessage != nil {
            buffer.append(event)
            if let waiter {
                self.waiter = nil
                readIndex += 1
                waiter.continuation.resume(returning: event)
            }
        }
        ended = true
        waiter?.continuation.resume(returning: nil)
        waiter = nil
    }

    /// The next event for which `matches` holds; the ones skipped are consumed too.
    func next(_ what: String, timeout: Duration = .seconds(10),
              where matches: @Sendable (SequencerEvent) -> Bool = { _ in true }) async throws -> SequencerEvent {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, let event = await nextEvent(within: remaining) else {
                let last = buffer.suffix(6).map { "\($0.midiMessage.map(String.init(describing:)) ?? "?") from \($0.source)" }
                throw BenchFailure("no \(what) arrived within \(timeout); \(buffer.count) events arrived in all"
                                   + (last.isEmpty ? "" : ", the last: " + last.joined(separator: "; ")))
            }
            if matches(event) { return event }
        }
    }

    /// Everything that arrived and was not read yet; marks it read.
    func takeAll() -> [SequencerEvent] {
        defer { readIndex = buffer.count }
        return Array(buffer[readIndex...])
    }

    private func nextEvent(within timeout: Duration) async -> SequencerEvent? {
        if readIndex < buffer.count {
            defer { readIndex += 1 }
            return buffer[readIndex]
        }
        if ended { return nil }
        let id = nextWaiterID
        nextWaiterID += 1
        let expiry = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        defer { expiry.cancel() }
        return await withCheckedContinuation { waiter = (id, $0) }
    }

    private func expire(_ id: Int) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(returning: nil)
    }
}
