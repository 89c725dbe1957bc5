import PeachCore

/// Figure 3's baseline: the same ALSA player, but with its notes timed the way a player
/// without a kernel queue would, by a task sleeping between note-on and note-off.
struct SleepTimedPlayer: NotePlayer {
    let base: any NotePlayer

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        try base.startNote(frequency: frequency, velocity: velocity, amplitude: amplitude)
    }

    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        ClockTimedNote(note: try startNote(frequency: frequency, velocity: velocity, amplitude: amplitude),
                       duration: duration, clock: ContinuousClock())
    }

    func stopAll() throws {
        try base.stopAll()
    }
}
