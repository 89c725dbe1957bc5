/// Makes sound. The sessions talk only to this protocol, so any synth can sit behind it:
/// the ALSA sequencer adapter, a test fake, or something else entirely.
///
/// Starting, stopping and retuning are synchronous: a player sends at once from the calling
/// thread, so the reaction to an input (the note-off of an answered target, the bend of a
/// tuning movement) leaves from wherever the input was read, with no hop to another executor.
/// Only waiting for a timed note's end is asynchronous.
public protocol NotePlayer: Sendable {
    /// Starts a note that sounds until its handle is stopped.
    /// `amplitude` is a loudness offset relative to the player's normal level.
    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle

    /// Starts a note that ends by itself after `duration`; the player times the end (the ALSA
    /// player lets the kernel do it). `ended()` on the handle waits for it.
    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle

    /// Silences every note this player started.
    func stopAll() throws

    /// The pitch the synth really sounds when asked for `frequency`: a synth that renders whole
    /// cents, or a pitch wheel's steps, land a little off. Sessions record what is heard, not
    /// what was asked. Exact unless a player knows better.
    func soundingFrequency(of frequency: Frequency) -> Frequency
}

/// A sounding note.
public protocol PlaybackHandle: Sendable {
    /// Ends the note at once. Stopping a stopped note does nothing.
    func stop() throws

    /// Retunes the sounding note to `frequency`.
    func adjust(to frequency: Frequency) throws
}

/// A note that ends by itself.
public protocol TimedPlaybackHandle: PlaybackHandle {
    /// Returns once the note's duration is over. Cancelling the waiting task stops the note at
    /// once and throws `CancellationError`. Stopping the note does not end the wait early:
    /// whoever stops it cancels the wait too.
    func ended() async throws
}

extension NotePlayer {
    public func soundingFrequency(of frequency: Frequency) -> Frequency { frequency }

    /// How far a note asked at `frequency` sounds from `target`: its sounding pitch above the
    /// sounding `reference`, less the interval from `reference` to `target`. Nil when the
    /// player renders both notes exactly (then what was asked is what is heard).
    func heardOffset(of frequency: Frequency, from target: Frequency, reference: Frequency) -> Cents? {
        let soundingReference = soundingFrequency(of: reference)
        let sounding = soundingFrequency(of: frequency)
        guard soundingReference != reference || sounding != frequency else { return nil }
        let heard = sounding.cents(above: soundingReference).rawValue - target.cents(above: reference).rawValue
        return Cents(unchecked: Cents.roundedToRecordingPrecision(heard))
    }

    /// Plays a note for `duration` and returns when it has ended. Cancelling the calling task
    /// stops the note at once and throws `CancellationError`.
    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws {
        let note = try startNote(frequency: frequency, duration: duration, velocity: velocity, amplitude: amplitude)
        try await note.ended()
    }
}
