import Synchronization

/// Simulated time: every sleep ends at once and moves the clock to its deadline, so a session
/// runs its trials as fast as the listener answers, with no real waiting.
///
/// Unlike a test's manual clock, nobody advances it: the only thing a simulated session waits
/// for is the listener, which answers at once.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))

    public init() {}

    public var now: Instant { current.withLock { $0 } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
        // Let the other tasks (the listener, the session's waiters) take their turn.
        await Task.yield()
        try Task.checkCancellation()
    }
}
