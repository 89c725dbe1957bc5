import ALSASequencer
import PeachCore

/// A `RhythmPlayer` on the sequencer's output queue: every click of a trial (its note-on and
/// note-off) goes to the kernel in one write, and the kernel plays them at their times; no
/// thread of ours runs between the clicks.
///
/// The player holds the output queue running from `init` until `close()`, because its clock is
/// the rhythm clock: click times are computed on it, and the controller's taps must be stamped
/// on it too (connect the controller with `timestampQueue: client.outputQueue`). A paused queue
/// would stand still between the last click and the tap. The hold costs the queue's tick in
/// timer interrupts while rhythm training runs.
public final class ALSARhythmPlayer: RhythmPlayer {
    /// How far ahead of now the first click is put: room for the write to reach the kernel
    /// before anything is due, on a busy machine too.
    public static let defaultLead: Duration = .milliseconds(100)

    private let output: any HeldQueueOutput
    private let sound: ClickSound
    private let lead: Duration
    private let clock: any Clock<Duration>

    /// - Parameter clock: what `sleep(until:)` waits on between looks at the queue's clock.
    public init(output: any HeldQueueOutput, sound: ClickSound = .generalMIDIClaves, lead: Duration = defaultLead,
                clock: any Clock<Duration> = ContinuousClock()) throws {
        self.output = output
        self.sound = sound
        self.lead = lead
        self.clock = clock
        try output.holdOutputQueue()
    }

    /// Releases the queue: it pauses once the last click has left.
    public func close() throws { try output.releaseOutputQueue() }

    public func schedule(_ pattern: ClickPattern) throws -> ClickSchedule {
        // The kernel sends an event at its first tick at or after its time: asking half a tick
        // early centres that error on the click's time instead of making every click late.
        let start = try output.currentTime().advanced(by: lead)
        let early = output.tickPeriod / 2
        let channel = sound.channel.wireValue, note = UInt8(sound.note.rawValue)
        let velocity = UInt8(pattern.velocity.rawValue)
        var messages: [ScheduledMessage] = []
        for offset in pattern.offsets {
            let onset = start.advanced(by: offset - early)
            messages.append(ScheduledMessage(.noteOn(channel: channel, note: note, velocity: velocity), at: onset))
            messages.append(ScheduledMessage(.noteOff(channel: channel, note: note, velocity: 0), at: onset.advanced(by: sound.length)))
        }
        try output.schedule(messages, tag: Self.tag)
        return try ClickSchedule(times: pattern.offsets.map { RhythmInstant(nanoseconds: Int64(start.advanced(by: $0).nanoseconds)) })
    }

    /// Waits on `clock` for what the queue's clock says is left, and looks again: the two
    /// drift apart (under emulation by several percent), a few looks converge.
    public func sleep(until instant: RhythmInstant) async throws {
        try await QueueClockWait.sleep(on: clock, looks: Self.maximumLooks) {
            .nanoseconds(instant.nanoseconds - Int64(try output.currentTime().nanoseconds))
        }
    }

    public func stopAll() throws {
        try output.cancelScheduled(tag: Self.tag)
        try output.send(.noteOff(channel: sound.channel.wireValue, note: UInt8(sound.note.rawValue), velocity: 0))
    }

    /// The tag of every click: the note player tags its note-offs 1…255, so a feedback cue or
    /// a note on the same client never withdraws a click, nor `stopAll()` a note-off.
    static let tag: UInt8 = 0
    private static let maximumLooks = 8
}

/// An output whose queue can be held running: `SequencerClient`, or a test's fake.
public protocol HeldQueueOutput: MIDIOutput {
    func holdOutputQueue() throws
    func releaseOutputQueue() throws
}

extension SequencerClient: HeldQueueOutput {}
