import ALSASequencer
import PeachALSA
import Synchronization

/// A MIDIOutput that logs every call in order, with a queue clock the test sets and a switch
/// that makes every later call fail like a vanished port.
final class RecordingMIDIOutput: HeldQueueOutput {
    enum Entry: Hashable, Sendable {
        case sent(MIDIMessage)
        case scheduled(MIDIMessage, at: SequencerTime, tag: UInt8)
        case scheduledTogether([ScheduledMessage], tag: UInt8)
        case cancelled(tag: UInt8)
        case held, released
    }

    struct PortGone: Error, CustomStringConvertible {
        var description: String { "destination 128:0 does not exist" }
    }

    private struct State {
        var log: [Entry] = []
        var now = SequencerTime(nanoseconds: 5_000_000_000)
        var failing = false
        /// What `hasPendingScheduled` answers: whether the "kernel" still holds scheduled messages.
        var pending = false
        var tick = Duration.zero
    }

    private let state = Mutex(State())

    var log: [Entry] { state.withLock { $0.log } }
    var sent: [MIDIMessage] {
        log.compactMap { if case .sent(let message) = $0 { message } else { nil } }
    }

    func clear() { state.withLock { $0.log.removeAll() } }
    func setTime(_ time: SequencerTime) { state.withLock { $0.now = time } }
    func setPending(_ pending: Bool) { state.withLock { $0.pending = pending } }
    func setTickPeriod(_ tick: Duration) { state.withLock { $0.tick = tick } }
    var tickPeriod: Duration { state.withLock { $0.tick } }
    func failFromNowOn() { state.withLock { $0.failing = true } }
    func recover() { state.withLock { $0.failing = false } }

    func send(_ message: MIDIMessage) throws {
        try record(.sent(message))
    }

    func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws {
        try record(.scheduled(message, at: time, tag: tag))
    }

    func schedule(_ messages: [ScheduledMessage], tag: UInt8) throws {
        try record(.scheduledTogether(messages, tag: tag))
    }

    func holdOutputQueue() throws { try record(.held) }
    func releaseOutputQueue() throws { try record(.released) }

    func cancelScheduled(tag: UInt8) throws {
        try record(.cancelled(tag: tag))
    }

    func currentTime() throws -> SequencerTime {
        try state.withLock { state in
            if state.failing { throw PortGone() }
            return state.now
        }
    }

    func hasPendingScheduled() throws -> Bool {
        try state.withLock { state in
            if state.failing { throw PortGone() }
            return state.pending
        }
    }

    private func record(_ entry: Entry) throws {
        try state.withLock { state in
            if state.failing { throw PortGone() }
            state.log.append(entry)
        }
    }
}
