import ALSASequencer

/// The baseline of the reaction figures: a client on the same ALSA layer that answers each
/// controller event at once (a note-on with a note-off, a CC with a pitch bend) and does nothing
/// else: what reacting costs before any training logic runs. It answers as Peach does: on the
/// reader thread, the moment the event is read, that thread at `peach train`'s realtime priority
/// (midi.realtimePriority's default), so the two differ only in what happens between reading
/// and sending.
final class EchoClient: Sendable {
    let client: SequencerClient

    /// midi.realtimePriority's default.
    static let readerPriority = ReaderPriority.realtime(50)

    init(listeningTo source: SequencerAddress, reply: @escaping @Sendable (MIDIMessage) -> MIDIMessage?) throws {
        let client = try SequencerClient(name: "Peach Bench Echo", readerPriority: Self.readerPriority)
        self.client = client
        // The handler holds the client; `close()` in deinit lets go of both.
        client.onInput { event in
            guard let message = event.midiMessage, let answer = reply(message) else { return }
            try? client.send(answer)
        }
        try client.connectInput(from: source)
    }

    deinit {
        client.close()
    }
}
