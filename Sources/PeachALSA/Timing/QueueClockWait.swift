/// Waiting for a moment on the sequencer queue's clock with a host clock's sleep: the two
/// drift apart (the queue's tick, an emulator's stalls), so after each sleep the queue is asked
/// again how much remains, a few times at most.
enum QueueClockWait {
    /// Sleeps on `clock` for what `remaining` says is left, until it says nothing is (nil or
    /// not positive), at most `looks` times.
    static func sleep(on clock: any Clock<Duration>, looks: Int, remaining: () throws -> Duration?) async throws {
        for _ in 0..<looks {
            guard let left = try remaining(), left > .zero else { return }
            try await clock.sleep(for: left)
        }
    }
}
