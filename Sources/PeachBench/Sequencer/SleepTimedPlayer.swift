import PeachCore

/// Figure 3's baseline: the same ALSA player, but with its notes timed the way a player
/// without a kernel queue would, by a task sleeping between note-on and note-off (the
/// protocol's default `play`).
struct SleepTimedPlayer: NotePlayer {
    let base: any NotePlayer

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws -> any PlaybackHandle {
        try await base.startNote(frequency: frequency, velocity: velocity, amplitude: amplitude)
    }

    func stopAll() async throws {
        try await base.stopAll()
    }
}
