import ALSASequencer

/// A second sequencer client, subscribed to a sender's port with real-time timestamps, that
/// records everything it receives: what a synth connected to Peach would see.
final class ReceivingClient: Sendable {
    let client: SequencerClient
    let received: EventCollector<SequencerEvent>
    let sender: SequencerAddress

    /// `timestampQueue`: stamp arrivals on this queue (the sender's, to compare with its schedule)
    /// instead of the receiver's own.
    init(name: String = "Peach Test Receiver", from sender: SequencerAddress, timestampQueue: Int? = nil) throws {
        client = try SequencerClient(name: name)
        received = EventCollector(client.events())
        self.sender = sender
        try client.connectInput(from: sender, timestampQueue: timestampQueue)
    }

    /// Returns once the receiver's own clock has ticked (see `SequencerClient.inputClockSettled`):
    /// stamps on it taken from then on never step back by more than a tick's lateness.
    func settled() async { await client.inputClockSettled() }

    /// Waits until `count` MIDI messages from the sender have arrived and returns those events.
    func midiEvents(count: Int, timeout: Duration = .seconds(10)) async -> [SequencerEvent] {
        let sender = self.sender
        let fromSender: @Sendable ([SequencerEvent]) -> [SequencerEvent] = { events in
            events.filter { $0.source == sender && $0.midiMessage != nil }
        }
        _ = await received.waitUntil(timeout: timeout) { fromSender($0).count >= count }
        return fromSender(await received.events)
    }

    deinit { client.close() }
}
