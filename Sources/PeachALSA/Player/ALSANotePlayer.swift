import ALSASequencer
import PeachCore

/// A NotePlayer for any MIDI synth behind a `MIDIOutput` (the ALSA sequencer in production).
///
/// Every note gets a channel of its own (see `ChannelAllocator`), its pitch bend BEFORE the
/// note-on so no glide is heard, and a velocity scaled by the loudness offset (see
/// `VelocityMapping`). Bank, program and bend range go out once per connection: at `prepare()`,
/// or before the first note if nobody called it. An actor, so a session's loop and its target
/// task may call it at the same time.
public actor ALSANotePlayer: NotePlayer {
    private struct SoundingNote {
        let channel: MIDIChannel
        let note: MIDINote
        /// The kernel-scheduled note-off of a fixed-duration note.
        var scheduledOff: (tag: UInt8, time: SequencerTime)?
    }

    public nonisolated let configuration: NotePlayerConfiguration
    private let output: any MIDIOutput
    private let clock: any Clock<Duration>
    private let mapper: PitchBendMapper
    private var allocator: ChannelAllocator
    private var notes: [ChannelAllocator.NoteID: SoundingNote] = [:]
    private var usedChannels: Set<MIDIChannel> = []
    private var prepared = false
    private var nextNoteID = 0
    private var lastTag: UInt8 = 0
    /// The latest note-off that `play` stopped waiting for once the queue's clock had passed
    /// its time, while the kernel may not have dispatched it yet (it does so at its next timer
    /// tick). Until the queue is empty, what would go out direct is put on the queue at that
    /// time instead: same-time events leave in FIFO order, so the next note on the same key
    /// cannot be overtaken, and cut, by the previous note's note-off.
    private var passedNoteOff: SequencerTime?
    /// The tag of messages queued behind `passedNoteOff`; note-off tags cycle below it, so a
    /// cancelled note-off never withdraws them.
    private static let queuedBehindTag = UInt8.max

    /// - Parameter clock: what `play` waits on while the kernel times the note-off.
    public init(output: any MIDIOutput, configuration: NotePlayerConfiguration = NotePlayerConfiguration(),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.output = output
        self.configuration = configuration
        self.clock = clock
        self.mapper = PitchBendMapper(range: configuration.bendRange, synthA4: configuration.synthA4,
                                      response: configuration.bendResponse)
        self.allocator = ChannelAllocator(pool: configuration.channels)
    }

    /// Sends Bank Select, Program Change and RPN 0 on every channel of the pool. Call it after
    /// (re)connecting to a synth; a new synth instance knows nothing of the old one's setup.
    public func prepare() throws(NotePlayerError) {
        prepared = false
        for channel in configuration.channels.channels {
            for message in configuration.setupMessages(for: channel) { try send(message) }
        }
        prepared = true
    }

    public func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws -> any PlaybackHandle {
        Handle(player: self, id: try begin(frequency: frequency, velocity: velocity, amplitude: amplitude))
    }

    /// The note-off is scheduled on the sequencer queue at now + duration, so the kernel times
    /// it; this task only waits on `clock` for the same span. Cancelling the task sends the
    /// note-off at once and withdraws the scheduled one, so it cannot cut a later note.
    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB) async throws {
        let id = try begin(frequency: frequency, velocity: velocity, amplitude: amplitude)
        try scheduleNoteOff(of: id, after: duration)
        do {
            try await clock.sleep(for: duration)
            try await waitForQueue(of: id)
        } catch let error as NotePlayerError {
            throw error
        } catch {
            try end(id)
            throw error
        }
        try finishScheduled(id)
    }

    /// The task's clock and the queue's may drift apart (under emulation by several percent),
    /// so when the wait ends before the queue has reached the note-off, the task waits the
    /// remainder the queue itself reports. A few top-ups converge; a stalled queue gives up.
    private func waitForQueue(of id: Int) async throws {
        for _ in 0..<Self.maximumTopUps {
            guard let due = notes[id]?.scheduledOff?.time else { return }
            let now: SequencerTime
            do { now = try output.currentTime() } catch { throw lose(error) }
            guard now < due else { return }
            try await clock.sleep(for: .nanoseconds(Int64(due.nanoseconds - now.nanoseconds)))
        }
    }

    private static let maximumTopUps = 4

    /// Note-offs for every sounding note, then All Notes Off (CC 123) and a centred bend on
    /// every channel used since the player was created.
    public func stopAll() throws {
        let sounding = allocator.soundingNotes.compactMap { id in notes[id].map { (id, $0) } }
        notes.removeAll()
        allocator.releaseAll()
        for (_, note) in sounding {
            if let scheduled = note.scheduledOff { try cancel(tag: scheduled.tag) }
            try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0))
        }
        for channel in usedChannels.sorted() {
            try send(.controlChange(channel: channel.wireValue, controller: 123, value: 0))
            try send(.pitchBend(channel: channel.wireValue, value: 0))
        }
    }

    // MARK: - Per-note steps

    private func begin(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws(NotePlayerError) -> Int {
        let bent: BentNote
        do { bent = try mapper.bentNote(for: frequency) } catch { throw .unplayable(error) }
        if !prepared { try prepare() }
        let id = nextNoteID
        nextNoteID += 1
        let allocation = allocator.allocate(for: id)
        if let stolen = allocation.stolen, let victim = notes.removeValue(forKey: stolen) {
            // Its note-off must precede the new bend; the new note's bend replaces the old one.
            if let scheduled = victim.scheduledOff { try cancel(tag: scheduled.tag) }
            try send(.noteOff(channel: victim.channel.wireValue, note: UInt8(victim.note.rawValue), velocity: 0))
        }
        let channel = allocation.channel
        notes[id] = SoundingNote(channel: channel, note: bent.note)
        usedChannels.insert(channel)
        let noteVelocity = VelocityMapping.velocity(velocity, amplitude: amplitude)
        try send(.pitchBend(channel: channel.wireValue, value: Int16(bent.bend.signedValue)))
        try send(.noteOn(channel: channel.wireValue, note: UInt8(bent.note.rawValue), velocity: UInt8(noteVelocity.rawValue)))
        return id
    }

    fileprivate func adjust(_ id: Int, to frequency: Frequency) throws(NotePlayerError) {
        // A stopped or stolen note has nothing left to retune.
        guard let note = notes[id] else { return }
        let bend: PitchBendValue
        do { bend = try mapper.bend(for: frequency, on: note.note) } catch { throw .unplayable(error) }
        try send(.pitchBend(channel: note.channel.wireValue, value: Int16(bend.signedValue)))
    }

    /// Note-off, then the bend back to centre; idempotent.
    fileprivate func end(_ id: Int) throws(NotePlayerError) {
        guard let note = notes.removeValue(forKey: id) else { return }
        allocator.release(id)
        if let scheduled = note.scheduledOff { try cancel(tag: scheduled.tag) }
        try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0))
        try send(.pitchBend(channel: note.channel.wireValue, value: 0))
    }

    private func scheduleNoteOff(of id: Int, after duration: Duration) throws(NotePlayerError) {
        guard let note = notes[id] else { return }
        lastTag = lastTag >= Self.queuedBehindTag - 1 ? 1 : lastTag + 1
        let tag = lastTag
        do {
            // The kernel sends it at its first tick at or after `time`: up to a tick late, half
            // a tick on average. Asking half a tick early centres the error on the requested
            // end, as rounding does for bends: at most half a tick either way.
            let time = try output.currentTime().advanced(by: duration - output.tickPeriod / 2)
            try output.schedule(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0),
                                at: time, tag: tag)
            notes[id]?.scheduledOff = (tag, time)
        } catch {
            throw lose(error)
        }
    }

    /// After the wait: the kernel has delivered the note-off once its queue reached the
    /// scheduled time. If the queue is still short of it (stalled), the note-off is withdrawn
    /// and sent now, so that a late one cannot cut the next note on this channel. Then the bend
    /// goes back to centre.
    private func finishScheduled(_ id: Int) throws(NotePlayerError) {
        guard let note = notes.removeValue(forKey: id) else { return }
        allocator.release(id)
        if let scheduled = note.scheduledOff {
            let now: SequencerTime
            do { now = try output.currentTime() } catch { throw lose(error) }
            if now < scheduled.time {
                try cancel(tag: scheduled.tag)
                try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0))
            } else {
                passedNoteOff = max(passedNoteOff ?? scheduled.time, scheduled.time)
            }
        }
        try send(.pitchBend(channel: note.channel.wireValue, value: 0))
    }

    // MARK: - Output

    private func send(_ message: MIDIMessage) throws(NotePlayerError) {
        do {
            if let passed = passedNoteOff {
                if try output.hasPendingScheduled() {
                    try output.schedule(message, at: passed, tag: Self.queuedBehindTag)
                    return
                }
                passedNoteOff = nil
            }
            try output.send(message)
        } catch {
            throw lose(error)
        }
    }

    private func cancel(tag: UInt8) throws(NotePlayerError) {
        do { try output.cancelScheduled(tag: tag) } catch { throw lose(error) }
    }

    /// The synth is gone: nothing it had sounds any more, and a new one needs its setup again.
    private func lose(_ error: any Error) -> NotePlayerError {
        passedNoteOff = nil
        notes.removeAll()
        allocator.releaseAll()
        prepared = false
        return .outputLost(reason: String(describing: error))
    }

    private struct Handle: PlaybackHandle {
        let player: ALSANotePlayer
        let id: Int

        func stop() async throws { try await player.end(id) }
        func adjust(to frequency: Frequency) async throws { try await player.adjust(id, to: frequency) }
    }
}
