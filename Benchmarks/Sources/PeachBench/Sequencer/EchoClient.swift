import ALSASequencer

/// The baseline of the reaction figures: a client on the same ALSA layer that answers each
/// controller event at once (a note-on with a note-off, a CC with a pitch bend) and does nothing
/// else: what reacting costs before any training logic runs.
final class EchoClient: Sendable {
    let client: SequencerClient
    private let task: Task<Void, Never>

    init(listeningTo source: SequencerAddress, reply: @escaping @Sendable (MIDIMessage) -> MIDIMessage?) throws {
        let client = try SequencerClient(name: "Peach Bench Echo")
        self.client = client
        let events = client.events()
        task = Task {
            for await event in events {
                guard let message = event.midiMessage, let answer = reply(message) else { continue }
                try? client.send(answer)
            }
        }
        try client.connectInput(from: source)
    }

    deinit {
        task.cancel()
        client.close()
    }
}
