import ALSASequencer
import Foundation

/// The baseline of the reaction figures: a client on the same ALSA layer that answers each
/// controller event at once (a note-on with a note-off, a CC with a pitch bend) and does nothing
/// else: what reacting costs before any training logic runs. It answers as Peach does: on the
/// reader thread, the moment the event is read, that thread at `peach train`'s realtime priority
/// (midi.realtimePriority's default), so the two differ only in what happens between reading
/// and sending.
final class EchoClient: Sendable {
    let client: SequencerClient

    /// midi.realtimePriority's default, or PEACH_BENCH_REALTIME_PRIORITY (`off` or 1…99), which
    /// the bench then also gives every `peach` it starts: both sides of a reaction figure alike.
    static let priorityOverride = ProcessInfo.processInfo.environment["PEACH_BENCH_REALTIME_PRIORITY"]
    static let readerPriority: ReaderPriority = switch priorityOverride {
    case nil: .realtime(50)
    case "off", "0": .inherited
    case let text?: Int(text).map(ReaderPriority.realtime) ?? .realtime(50)
    }

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
