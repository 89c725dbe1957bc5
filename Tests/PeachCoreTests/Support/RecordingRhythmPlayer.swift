import PeachCore
import PeachTestSupport
import Synchronization

/// A RhythmPlayer that makes no sound: it keeps every schedule and runs its clock on a
/// ManualClock, so a test decides when each click has sounded and stamps taps on that clock.
final class RecordingRhythmPlayer: RhythmPlayer {
    /// How far ahead of now the first click lies, as a real player's queueing margin.
    static let lead: Duration = .milliseconds(5)

    struct ScheduleFailure: Error {}

    private struct State {
        var patterns: [ClickPattern] = []
        var schedules: [ClickSchedule] = []
        var stopAlls = 0
        var failing = false
    }

    private let state = Mutex(State())
    let clock: ManualClock

    init(clock: ManualClock) { self.clock = clock }

    var patterns: [ClickPattern] { state.withLock { $0.patterns } }
    var schedules: [ClickSchedule] { state.withLock { $0.schedules } }
    var stopAlls: Int { state.withLock { $0.stopAlls } }

    /// The player's clock now.
    var now: RhythmInstant { RhythmInstant(nanoseconds: Self.nanoseconds(clock.now.offset)) }

    /// Makes every later schedule throw, like a synth port that has gone away.
    func failFromNowOn() { state.withLock { $0.failing = true } }

    func schedule(_ pattern: ClickPattern) throws -> ClickSchedule {
        let schedule = ClickSchedule(pattern, startingAt: now.advanced(by: Self.lead))
        try state.withLock { state in
            if state.failing { throw ScheduleFailure() }
            state.patterns.append(pattern)
            state.schedules.append(schedule)
        }
        return schedule
    }

    func sleep(until instant: RhythmInstant) async throws {
        let base = clock.now
        try await clock.sleep(until: base.advanced(by: .nanoseconds(instant.nanoseconds) - base.offset), tolerance: nil)
    }

    func stopAll() throws { state.withLock { $0.stopAlls += 1 } }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

