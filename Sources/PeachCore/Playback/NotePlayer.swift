/// Makes sound. The sessions talk only to this protocol, so any synth can sit behind it:
/// the ALSA sequencer adapter, a test fake, or something else entirely.
public protocol NotePlayer: Sendable {
    /// Starts a note that sounds until its handle is stopped.
    /// `amplitude` is a loudness offset relative to the player's normal level.
    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws -> any PlaybackHandle

    /// Plays a note for `duration` and returns when it has ended.
    /// Cancelling the calling task stops the note at once and throws `CancellationError`.
    /// A player may implement this itself, e.g. with a note-off scheduled by the kernel.
    func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws

    /// Silences every note this player started.
    func stopAll() async throws
}

/// A sounding note.
public protocol PlaybackHandle: Sendable {
    /// Ends the note. Stopping a stopped note does nothing.
    func stop() async throws

    /// Retunes the sounding note to `frequency`.
    func adjust(to frequency: Frequency) async throws
}

extension NotePlayer {
    /// Timing from a task sleep; players with a better clock override this.
    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws {
        let handle = try await startNote(frequency: frequency, velocity: velocity, amplitude: amplitude)
        do {
            try await Task.sleep(for: duration)
        } catch {
            try? await handle.stop()
            throw error
        }
        try await handle.stop()
    }
}
