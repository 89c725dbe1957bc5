import ALSASequencer
import PeachCore
import PeachRig
import Synchronization

/// The cue as a short percussion note on its own channel of the synth: note-on now, note-off
/// scheduled on the sequencer queue, so nothing waits for it. Tag 0, which the note player
/// never uses (it counts from 1), so cancelling a note's note-off never touches a cue's.
/// Callable from any thread (the reader's too): nothing here waits but the kernel write.
public final class MIDIFeedbackCue: FeedbackCuePlaying {
    public static let length: Duration = .milliseconds(150)
    private static let tag: UInt8 = 0

    private let output: any MIDIOutput
    private let channel: MIDIChannel
    private let velocity: MIDIVelocity
    private let sounded = Mutex(false)

    public init(output: any MIDIOutput, channel: MIDIChannel, velocity: MIDIVelocity) {
        self.output = output
        self.channel = channel
        self.velocity = velocity
    }

    /// A failed send is no reason to stop training: the cue is a courtesy, and a lost synth is
    /// the hot-plug supervisor's business.
    public func play(_ note: MIDINote) {
        playNow(note)
    }

    public func playNow(_ note: MIDINote) {
        let wire = channel.wireValue
        let key = UInt8(note.rawValue)
        do {
            try output.send(.noteOn(channel: wire, note: key, velocity: UInt8(velocity.rawValue)))
            sounded.withLock { $0 = true }
            let off = try output.currentTime().advanced(by: Self.length)
            try output.schedule(.noteOff(channel: wire, note: key, velocity: 0), at: off, tag: Self.tag)
        } catch {
            return
        }
    }

    /// All Notes Off on the cue's channel whatever was played: when Peach connects to a synth,
    /// which may still hold a cue of an earlier run.
    public func clear() {
        try? output.sendToConnected(.controlChange(channel: channel.wireValue, controller: 123, value: 0))
    }

    public func silence() {
        guard sounded.withLock({ $0 }) else { return }
        try? output.sendToConnected(.controlChange(channel: channel.wireValue, controller: 123, value: 0))
    }
}
