import ALSASequencer
import Synchronization

/// A drummer with exact hands, for `peach train` and `peach calibrate` in the VM: "Test Ears"
/// (Peach's synth) receives the clicks, stamped by the kernel on the running queue of "Test
/// Pads" (Peach's controller), which schedules each tap on that queue at the click's stamp plus
/// what `tap` says. The delay is the kernel's to keep, not a thread's: the tap leaves on the
/// queue's tick however late the reader saw the click (unless later than the delay itself).
final class TestDrummer: Sendable {
    let pads: SequencerClient
    let ears: SequencerClient
    private let heard = ClickCount()

    /// Peach's click: General MIDI's claves on the drum channel, at any velocity.
    static func isClick(_ message: MIDIMessage?) -> Bool {
        guard case .noteOn(9, 75, let velocity)? = message else { return false }
        return velocity > 0
    }

    /// - Parameter tap: for the n-th click heard (from 1), how long after its arrival to tap;
    ///   nil: no tap for it.
    init(tap: @escaping @Sendable (Int) -> Duration?) throws {
        let pads = try SequencerClient(name: "Test Pads", queueTickHz: SequencerClient.fastestTickHz)
        try pads.holdOutputQueue()
        self.pads = pads
        let heard = self.heard
        ears = try SequencerClient(name: "Test Ears", stampingEveryInput: true, stampingQueue: pads.outputQueue) { event in
            guard Self.isClick(event.midiMessage), let stamp = event.timestampNanoseconds else { return }
            let count = heard.count.withLock { count in
                count += 1
                return count
            }
            guard let delay = tap(count) else { return }
            let due = SequencerTime(nanoseconds: stamp).advanced(by: delay)
            try? pads.schedule([ScheduledMessage(.noteOn(channel: 0, note: 38, velocity: 110), at: due),
                                ScheduledMessage(.noteOff(channel: 0, note: 38, velocity: 0), at: due.advanced(by: .milliseconds(20)))],
                               tag: 1)
        }
    }

    var clicksHeard: Int { heard.count.withLock { $0 } }

    func close() {
        ears.close()
        try? pads.releaseOutputQueue()
        pads.close()
    }
}

/// How many clicks the drummer heard, shared with its reader thread.
final class ClickCount: Sendable {
    let count = Mutex(0)
}
