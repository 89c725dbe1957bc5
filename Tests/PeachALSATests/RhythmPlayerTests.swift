import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTestSupport
import Synchronization
import Testing

/// The rhythm player's side of the kernel: what it asks the output queue for, in what order and
/// at which times. That the kernel plays the clicks at those times, and stamps taps on the same
/// clock, is proven in the VM (RhythmPlayerIntegrationTests).
@Suite("Rhythm clicks go to the output queue in one write, on a queue held running", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmPlayerTests {
    private static let now = SequencerTime(nanoseconds: 5_000_000_000)

    private static func pattern() throws -> ClickPattern {
        try ClickPattern(offsets: [.zero, .milliseconds(125), .milliseconds(250), .milliseconds(380)],
                         velocity: MIDIVelocity(100))
    }

    @Test("the queue is held from the start and released by close, once each")
    func holdsTheQueue() throws {
        let output = RecordingMIDIOutput()
        let player = try ALSARhythmPlayer(output: output)
        #expect(output.log == [.held])
        try player.close()
        #expect(output.log == [.held, .released])
    }

    @Test("every click's note-on and note-off in one write, half a tick early, a lead ahead of now; the schedule names the intended times")
    func oneWrite() throws {
        let output = RecordingMIDIOutput()
        output.setTime(Self.now)
        output.setTickPeriod(.microseconds(160))
        let player = try ALSARhythmPlayer(output: output, lead: .milliseconds(100))
        output.clear()
        let schedule = try player.schedule(try Self.pattern())

        let start = Self.now.advanced(by: .milliseconds(100))
        #expect(schedule.times.map(\.nanoseconds) == [0, 125, 250, 380].map { Int64(start.nanoseconds) + $0 * 1_000_000 })
        guard output.log.count == 1, case .scheduledTogether(let messages, let tag) = output.log[0] else {
            Issue.record("expected one write, got \(output.log)")
            return
        }
        #expect(tag == 0)
        var expected: [ScheduledMessage] = []
        for milliseconds in [0, 125, 250, 380] {
            let onset = start.advanced(by: .milliseconds(milliseconds) - .microseconds(80))
            expected.append(ScheduledMessage(.noteOn(channel: 9, note: 75, velocity: 100), at: onset))
            expected.append(ScheduledMessage(.noteOff(channel: 9, note: 75, velocity: 0), at: onset.advanced(by: .milliseconds(30))))
        }
        #expect(messages == expected)
    }

    @Test("a configured click sound plays on its channel and note, for its length")
    func configuredSound() throws {
        let output = RecordingMIDIOutput()
        let sound = try ClickSound(channel: MIDIChannel(3), note: MIDINote(60), length: .milliseconds(5))
        let player = try ALSARhythmPlayer(output: output, sound: sound, lead: .zero)
        output.clear()
        _ = try player.schedule(try ClickPattern(offsets: [.zero], velocity: MIDIVelocity(1)))
        guard case .scheduledTogether(let messages, _) = output.log.first else {
            Issue.record("expected one write, got \(output.log)")
            return
        }
        #expect(messages.map(\.message) == [.noteOn(channel: 2, note: 60, velocity: 1), .noteOff(channel: 2, note: 60, velocity: 0)])
        #expect(messages[1].time.nanoseconds - messages[0].time.nanoseconds == 5_000_000)
    }

    @Test("a click length outside 1 ms…1 s is refused with its range")
    func clickLength() {
        #expect(throws: DomainValueError.self) { try ClickSound(channel: .percussion, note: 75, length: .zero) }
        #expect(throws: DomainValueError.self) { try ClickSound(channel: .percussion, note: 75, length: .seconds(2)) }
    }

    @Test("stopAll withdraws the clicks not yet played and silences the click note")
    func stopAll() throws {
        let output = RecordingMIDIOutput()
        let player = try ALSARhythmPlayer(output: output)
        output.clear()
        try player.stopAll()
        #expect(output.log == [.cancelled(tag: 0), .sent(.noteOff(channel: 9, note: 75, velocity: 0))])
    }

    @Test("sleep(until:) waits on the task clock for what the queue's clock says is left, looking again until it is reached")
    func sleepFollowsTheQueueClock() async throws {
        let output = RecordingMIDIOutput()
        output.setTime(Self.now)
        // The task clock's sleeps move the queue's clock only 80 % as far: it lags, as under emulation.
        let clock = DraggingClock { slept in
            let now = try? output.currentTime()
            output.setTime((now ?? Self.now).advanced(by: slept * 0.8))
        }
        let player = try ALSARhythmPlayer(output: output, clock: clock)
        let target = RhythmInstant(nanoseconds: Int64(Self.now.nanoseconds) + 100_000_000)
        try await player.sleep(until: target)
        let slept = clock.sleeps
        #expect(slept.first == .milliseconds(100))
        #expect(slept.count >= 2 && slept.count <= 8, "a few looks: \(slept)")
        #expect(slept.dropFirst().allSatisfy { $0 < .milliseconds(100) })
        let reached = Int64(try output.currentTime().nanoseconds) >= target.nanoseconds
        #expect(reached || slept.count == 8, "stops at the queue's time or after its last look")

        let before = clock.sleeps.count
        try await player.sleep(until: RhythmInstant(nanoseconds: 0))
        #expect(clock.sleeps.count == before, "a passed instant returns at once")
    }

    @Test("a cancelled wait throws CancellationError")
    func cancelledSleep() async throws {
        let output = RecordingMIDIOutput()
        let player = try ALSARhythmPlayer(output: output, clock: DraggingClock { _ in })
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await player.sleep(until: RhythmInstant(nanoseconds: Int64.max / 2))
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}

/// A task clock whose sleeps return at once after calling `slept` with their length, and
/// throw when the task is cancelled.
private final class DraggingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let slept: @Sendable (Duration) -> Void
    private let log = Mutex<[Duration]>([])

    init(slept: @escaping @Sendable (Duration) -> Void) { self.slept = slept }

    var sleeps: [Duration] { log.withLock { $0 } }
    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        log.withLock { $0.append(deadline.offset) }
        slept(deadline.offset)
    }
}
