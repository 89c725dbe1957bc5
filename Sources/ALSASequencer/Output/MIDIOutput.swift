/// A point on a queue's real-time clock, in nanoseconds: of the output queue (`currentTime()`,
/// `schedule(at:)`), whose clock advances only while something is scheduled on it, or of the
/// input queue (`SequencerClient.inputTime()`, the stamps of received events). Never compare
/// times of the two.
public struct SequencerTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public func advanced(by duration: Duration) -> SequencerTime {
        let (seconds, attoseconds) = duration.components
        let delta = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return SequencerTime(nanoseconds: UInt64(max(0, Int64(nanoseconds) + delta)))
    }

    public var description: String { "\(Double(nanoseconds) / 1e9) s" }

    public static func < (lhs: SequencerTime, rhs: SequencerTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// Where a note player sends MIDI: the sequencer client's output port (to all its subscribers),
/// or a recording fake in unit tests.
public protocol MIDIOutput: Sendable {
    /// Delivers the message at once, bypassing any queue.
    func send(_ message: MIDIMessage) throws

    /// `send`, also to a connected destination whose subscription someone else removed: for
    /// what stops the sound (note-offs, All Notes Off), which must reach the synth regardless.
    func sendToConnected(_ message: MIDIMessage) throws

    /// Delivers the message when the output queue's real-time clock reaches `time`; the kernel
    /// does the timing, so it does not depend on task scheduling. `tag` marks it for `cancelScheduled`.
    func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws

    /// Delivers each message at its time, all written to the kernel in one go: nothing the
    /// caller's thread does afterwards can delay any of them.
    func schedule(_ messages: [ScheduledMessage], tag: UInt8) throws

    /// Removes every not-yet-delivered scheduled message with this tag.
    func cancelScheduled(tag: UInt8) throws

    /// The output queue's clock now. It may stand still while nothing is scheduled (a
    /// `SequencerClient` pauses its output queue then), so a time computed from it and passed to
    /// `schedule` is as far from the moment of the call as it is from this reading.
    func currentTime() throws -> SequencerTime

    /// Whether scheduled messages are still waiting on the output queue. The queue's clock is
    /// extrapolated between timer ticks, so it can pass a message's time a moment before the
    /// kernel dispatches it.
    func hasPendingScheduled() throws -> Bool

    /// How often the kernel looks for due messages: a scheduled message leaves up to this much
    /// after its time (uniformly, as its time falls between two looks).
    var tickPeriod: Duration { get }
}

extension MIDIOutput {
    /// An output with no subscriptions to lose (a test's fake) sends as `send` does.
    public func sendToConnected(_ message: MIDIMessage) throws {
        try send(message)
    }

    /// An output timed exactly, like a test's fake.
    public var tickPeriod: Duration { .zero }

    /// One at a time, for an output without a kernel queue (a test's fake).
    public func schedule(_ messages: [ScheduledMessage], tag: UInt8) throws {
        for scheduled in messages { try schedule(scheduled.message, at: scheduled.time, tag: tag) }
    }
}

/// A message and the output queue time it is due at.
public struct ScheduledMessage: Hashable, Sendable {
    public let message: MIDIMessage
    public let time: SequencerTime

    public init(_ message: MIDIMessage, at time: SequencerTime) {
        self.message = message
        self.time = time
    }
}
