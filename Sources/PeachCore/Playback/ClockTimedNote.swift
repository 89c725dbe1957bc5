/// A timed note for players without a clock of their own: a held note that a task's sleep on
/// `clock` ends. Test fakes (on a manual clock) and sleep-timed baselines use it.
public struct ClockTimedNote: TimedPlaybackHandle {
    public let note: any PlaybackHandle
    public let duration: Duration
    public let clock: any Clock<Duration>

    public init(note: any PlaybackHandle, duration: Duration, clock: any Clock<Duration>) {
        self.note = note
        self.duration = duration
        self.clock = clock
    }

    public func stop() throws { try note.stop() }
    public func adjust(to frequency: Frequency) throws { try note.adjust(to: frequency) }

    public func ended() async throws {
        do {
            try await clock.sleep(for: duration)
        } catch {
            try? note.stop()
            throw error
        }
        try note.stop()
    }
}
