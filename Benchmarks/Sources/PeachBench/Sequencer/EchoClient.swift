import ALSASequencer
import Foundation
import PeachALSA
import PeachRig

/// The baseline of the reaction figures: a client on the same ALSA layer that answers each
/// controller event at once (a note-on with a note-off, a CC with a pitch bend) and does nothing
/// else: what reacting costs before any training logic runs. It answers as Peach does: on the
/// reader thread, the moment the event is read, that thread at `peach train`'s realtime priority
/// (midi.realtimePriority's default), so the two differ only in what happens between reading
/// and sending.
final class EchoClient: Sendable {
    let client: SequencerClient

    /// PEACH_BENCH_REALTIME_PRIORITY (`off` or 1…99, read as midi.realtimePriority is): the
    /// readers' priority on both sides of a reaction figure, the echo's and that of every `peach`
    /// the bench starts; nil (unset): the setting's default for both.
    static let priorityOverride: RealtimePriority? = {
        guard let text = ProcessInfo.processInfo.environment["PEACH_BENCH_REALTIME_PRIORITY"] else { return nil }
        do {
            return try RealtimePriority(parsing: text)
        } catch {
            fatalError("PEACH_BENCH_REALTIME_PRIORITY: \(error)")
        }
    }()
    static var readerPriority: ReaderPriority { (priorityOverride ?? .default).readerPriority }

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
