/// Plays the clicks of rhythm training and keeps the clock that taps are stamped on.
///
/// A session hands over a whole trial's clicks at once and learns where they landed on the
/// player's clock; it never times a click itself. The ALSA adapter puts every click on the
/// sequencer queue in one go (the kernel plays them, no sleeping thread in between), and
/// stamps taps with the same queue's clock (`RhythmInstant`).
public protocol RhythmPlayer: Sendable {
    /// Schedules every click of `pattern` (the sound is the player's: a short, unpitched
    /// percussion note). The first click lies a little ahead of now, far enough that all of
    /// them can be queued before it is due. Returns each click's instant on the player's clock.
    func schedule(_ pattern: ClickPattern) throws -> ClickSchedule

    /// Suspends until the player's clock reaches `instant` (at once if it has). Cancelling the
    /// waiting task throws `CancellationError`.
    func sleep(until instant: RhythmInstant) async throws

    /// Withdraws every click not yet played and silences those sounding.
    func stopAll() throws
}
