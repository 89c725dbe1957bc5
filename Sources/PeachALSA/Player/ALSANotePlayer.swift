import ALSASequencer
import PeachCore
import Synchronization

/// A NotePlayer for any MIDI synth behind a `MIDIOutput` (the ALSA sequencer in production).
///
/// Every note gets a channel of its own (see `ChannelAllocator`), its pitch bend BEFORE the
/// note-on so no glide is heard, and its loudness offset as CC 11 on its channel before the
/// note-on with the velocity left as asked (`ExpressionMapping`), or as a scaled velocity for a
/// synth that ignores CC 11 (`LoudnessResponse`, `VelocityMapping`). Bank, program, bend range
/// and CC 11 at 0 dB go out once per connection: at `prepare()`, or before the first note if
/// nobody called it.
///
/// Not an actor: every call sends at once from the calling thread, under one lock that also
/// keeps the player's bookkeeping, so an input thread can stop or bend a note without hopping
/// executors, and messages leave in the order the calls took the lock.
public final class ALSANotePlayer: NotePlayer {
    public let configuration: NotePlayerConfiguration
    private let output: any MIDIOutput
    private let clock: any Clock<Duration>
    private let state: Mutex<PlayerState>

    /// - Parameters:
    ///   - clock: what a timed note's `ended()` waits on while the kernel times its note-off.
    public init(output: any MIDIOutput, configuration: NotePlayerConfiguration = NotePlayerConfiguration(),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.output = output
        self.configuration = configuration
        self.clock = clock
        let mapper = PitchBendMapper(range: configuration.bendRange, synthA4: configuration.synthA4,
                                     response: configuration.bendResponse)
        self.state = Mutex(PlayerState(configuration: configuration, mapper: mapper))
    }

    /// Sends Bank Select, Program Change, RPN 0 and CC 11 at 0 dB on every channel of the pool. Call it after
    /// (re)connecting to a synth; a new synth instance knows nothing of the old one's setup.
    public func prepare() throws(NotePlayerError) {
        let output = self.output
        try state.withLock { state throws(NotePlayerError) in try state.prepare(output) }
    }

    public func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        let output = self.output
        let id = try state.withLock { state throws(NotePlayerError) in
            try state.begin(frequency: frequency, velocity: velocity, amplitude: amplitude, output)
        }
        return Handle(player: self, id: id, duration: .zero)
    }

    /// The note-off is scheduled on the sequencer queue at now + duration, so the kernel times
    /// it; `ended()` only waits on `clock` for the same span. Cancelling that wait sends the
    /// note-off at once and withdraws the scheduled one, so it cannot cut a later note.
    public func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                          amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        let output = self.output
        let id = try state.withLock { state throws(NotePlayerError) in
            let id = try state.begin(frequency: frequency, velocity: velocity, amplitude: amplitude, output)
            try state.scheduleNoteOff(of: id, after: duration, output)
            return id
        }
        return Handle(player: self, id: id, duration: duration)
    }

    /// Note-offs for every sounding note, then All Notes Off (CC 123) and a centred bend on
    /// every channel used since the player was created.
    public func stopAll() throws {
        let output = self.output
        try state.withLock { state throws(NotePlayerError) in try state.stopAll(output) }
    }

    /// As the pitch wheel's steps and the synth's response (`BendResponse`) place it.
    public func soundingFrequency(of frequency: Frequency) -> Frequency {
        let mapper = PitchBendMapper(range: configuration.bendRange, synthA4: configuration.synthA4,
                                     response: configuration.bendResponse)
        guard let bent = try? mapper.bentNote(for: frequency),
              let sounding = try? Frequency(hertz: mapper.soundingHertz(of: bent)) else { return frequency }
        return sounding
    }

    // MARK: - Per-note calls from the handles

    // A stop or a bend reads `output` in place: a local copy of the existential cost the
    // reaction (an answer's note-off, a move's bend) a copy and a release.

    fileprivate func adjust(_ id: Int, to frequency: Frequency) throws(NotePlayerError) {
        try state.withLock { state throws(NotePlayerError) in try state.adjust(id, to: frequency, self.output) }
    }

    fileprivate func end(_ id: Int) throws(NotePlayerError) {
        try state.withLock { state throws(NotePlayerError) in try state.end(id, self.output) }
    }

    /// Waits out a timed note: the task's clock first, then whatever the queue's own clock says
    /// is left (the two drift apart, under emulation by several percent); a few top-ups
    /// converge, a stalled queue gives up. Then the note is done (see `finishScheduled`).
    fileprivate func waitForEnd(of id: Int, duration: Duration) async throws {
        let output = self.output
        do {
            try await clock.sleep(for: duration)
            try await QueueClockWait.sleep(on: clock, looks: Self.maximumTopUps) {
                try state.withLock { state throws(NotePlayerError) in try state.remaining(of: id, output) }
            }
        } catch let error as NotePlayerError {
            throw error
        } catch {
            try end(id)
            throw error
        }
        try state.withLock { state throws(NotePlayerError) in try state.finishScheduled(id, output) }
    }

    private static let maximumTopUps = 4

    private struct Handle: TimedPlaybackHandle {
        let player: ALSANotePlayer
        let id: Int
        let duration: Duration

        func stop() throws { try player.end(id) }
        func adjust(to frequency: Frequency) throws { try player.adjust(id, to: frequency) }
        func ended() async throws { try await player.waitForEnd(of: id, duration: duration) }
    }
}
