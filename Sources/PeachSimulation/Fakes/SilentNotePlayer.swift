import PeachCore

/// A player that sounds nothing: a simulated listener hears the trial's numbers instead.
/// Timed notes end on the simulation's clock.
public struct SilentNotePlayer: NotePlayer {
    private let clock: any Clock<Duration>

    public init(clock: any Clock<Duration>) { self.clock = clock }

    public func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        SilentNote()
    }

    public func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                          amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        ClockTimedNote(note: SilentNote(), duration: duration, clock: clock)
    }

    public func stopAll() throws {}
}

struct SilentNote: PlaybackHandle {
    func stop() throws {}
    func adjust(to frequency: Frequency) throws {}
}
