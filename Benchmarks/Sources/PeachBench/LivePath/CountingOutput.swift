import ALSASequencer
import Glibc
import Synchronization

/// The ALSA edge of `live-path`: takes what the player and the cue send and only counts it, so
/// the harness times Peach's own work up to the kernel write (which Peach and the echo client
/// both pay). Its output clock jumps 10 s at every reading, so a timed note's wait for the
/// queue's clock is over at the first look.
final class CountingOutput: MIDIOutput {
    private let sentCount = Atomic(0)
    private let scheduledCount = Atomic(0)
    private let clockReadings = Atomic(0)
    /// When the first message after `arm()` was sent (monotonic ns), 0 until then.
    private let firstSend = Atomic<Int64>(0)

    var sent: Int { sentCount.load(ordering: .relaxed) }
    var scheduled: Int { scheduledCount.load(ordering: .relaxed) }

    /// Forgets the last reaction's time: the next message sent is the next reaction.
    func arm() { firstSend.store(0, ordering: .relaxed) }

    /// When the first message since `arm()` left; nil if none did.
    var reactionTime: Int64? {
        let time = firstSend.load(ordering: .relaxed)
        return time == 0 ? nil : time
    }

    func send(_ message: MIDIMessage) throws {
        _ = firstSend.compareExchange(expected: 0, desired: Monotonic.nanoseconds, ordering: .relaxed)
        sentCount.add(1, ordering: .relaxed)
    }

    func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws {
        scheduledCount.add(1, ordering: .relaxed)
    }

    func cancelScheduled(tag: UInt8) throws {}

    func currentTime() throws -> SequencerTime {
        let reading = clockReadings.add(1, ordering: .relaxed).newValue
        return SequencerTime(nanoseconds: UInt64(reading) * 10_000_000_000)
    }

    func hasPendingScheduled() throws -> Bool { false }
}

/// CLOCK_MONOTONIC in nanoseconds (a vDSO read, no system call).
enum Monotonic {
    static var nanoseconds: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
