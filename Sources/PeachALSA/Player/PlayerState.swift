import ALSASequencer
import PeachCore
import PeachRig

/// The note player's bookkeeping and sends, always run under its lock: which notes sound on
/// which channels, their kernel-scheduled note-offs, and the queued-behind rule.
struct PlayerState: Sendable {
    let configuration: NotePlayerConfiguration
    let mapper: PitchBendMapper
    private var allocator: ChannelAllocator
    private var notes = SoundingNotes()
    private var usedChannels: Set<MIDIChannel> = []
    /// The CC 11 value each channel was last sent (`.expression` only): a note sends CC 11 only
    /// when its value differs, so a note at 0 dB after a louder or softer one on the same channel
    /// resets it, and notes at 0 dB cost nothing extra. The reset waits for the next note on the
    /// channel rather than following the note-off, so the release tail keeps its loudness.
    private var expression: [MIDIChannel: UInt8] = [:]
    private var prepared = false
    private var nextNoteID = 0
    private var lastTag: UInt8 = 0
    /// The latest note-off that a timed note stopped waiting for once the queue's clock had
    /// passed its time, while the kernel may not have dispatched it yet (it does so at its next
    /// timer tick, which a busy machine can delay by any amount). Until the queue is empty, what
    /// could start or shape a note is put on the queue at that time instead: same-time events
    /// leave in FIFO order, so the next note on the same key cannot be overtaken, and cut, by the
    /// previous note's note-off.
    private var passedNoteOff: SequencerTime?
    /// Whether anything was put on the queue behind `passedNoteOff` (it may still wait there).
    private var queuedBehind = false
    /// The tag of messages queued behind `passedNoteOff`; note-off tags cycle below it, so a
    /// cancelled note-off never withdraws them.
    private static let queuedBehindTag = UInt8.max

    init(configuration: NotePlayerConfiguration, mapper: PitchBendMapper) {
        self.configuration = configuration
        self.mapper = mapper
        self.allocator = ChannelAllocator(pool: configuration.channels)
    }

    mutating func prepare(_ output: any MIDIOutput) throws(NotePlayerError) {
        prepared = false
        expression.removeAll()
        for channel in configuration.channels.channels {
            for message in configuration.setupMessages(for: channel) { try send(message, output) }
            if configuration.loudnessResponse == .expression { expression[channel] = ExpressionMapping.reference }
        }
        prepared = true
    }

    mutating func begin(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB,
                        _ output: any MIDIOutput) throws(NotePlayerError) -> Int {
        let bent: BentNote
        do { bent = try mapper.bentNote(for: frequency) } catch { throw .unplayable(error) }
        if !prepared { try prepare(output) }
        let id = nextNoteID
        nextNoteID += 1
        let allocation = allocator.allocate(for: id)
        if let stolen = allocation.stolen, let victim = notes.removeValue(forKey: stolen) {
            // Its note-off must precede the new bend; the new note's bend replaces the old one.
            if let scheduled = victim.scheduledOff { try cancel(tag: scheduled.tag, output) }
            try send(.noteOff(channel: victim.channel.wireValue, note: UInt8(victim.note.rawValue), velocity: 0), output)
        }
        let channel = allocation.channel
        notes[id] = SoundingNote(channel: channel, note: bent.note)
        usedChannels.insert(channel)
        let noteVelocity: MIDIVelocity
        switch configuration.loudnessResponse {
        case .expression:
            noteVelocity = velocity
            // Before the note-on, on the note's own channel: the synth applies it as the note starts.
            let value = ExpressionMapping.value(for: amplitude)
            if expression[channel] != value {
                try send(.controlChange(channel: channel.wireValue, controller: ExpressionMapping.controller, value: value), output)
                expression[channel] = value
            }
        case .velocity:
            noteVelocity = VelocityMapping.velocity(velocity, amplitude: amplitude)
        }
        try send(.pitchBend(channel: channel.wireValue, value: Int16(bent.bend.signedValue)), output)
        try send(.noteOn(channel: channel.wireValue, note: UInt8(bent.note.rawValue),
                         velocity: UInt8(noteVelocity.rawValue)), output)
        return id
    }

    mutating func adjust(_ id: Int, to frequency: Frequency, _ output: any MIDIOutput) throws(NotePlayerError) {
        // A stopped or stolen note has nothing left to retune.
        guard let note = notes[id] else { return }
        let bend: PitchBendValue
        do { bend = try mapper.bend(for: frequency, on: note.note) } catch { throw .unplayable(error) }
        try send(.pitchBend(channel: note.channel.wireValue, value: Int16(bend.signedValue)), output)
    }

    /// Note-off, then the scheduled one withdrawn and the bend back to centre; idempotent. The
    /// note-off leaves first: it is what the listener times (an answer stopping the target).
    mutating func end(_ id: Int, _ output: any MIDIOutput) throws(NotePlayerError) {
        guard let note = notes[id] else { return }
        // The note-off first: it is the reaction to an answer; the bookkeeping can follow it.
        defer {
            notes[id] = nil
            allocator.release(id)
        }
        try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0), output)
        if let scheduled = note.scheduledOff { try cancel(tag: scheduled.tag, output) }
        try send(.pitchBend(channel: note.channel.wireValue, value: 0), output)
    }

    mutating func scheduleNoteOff(of id: Int, after duration: Duration, _ output: any MIDIOutput) throws(NotePlayerError) {
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

    /// How long until the queue reaches the note's scheduled note-off; nil once it has (or the
    /// note is gone).
    mutating func remaining(of id: Int, _ output: any MIDIOutput) throws(NotePlayerError) -> Duration? {
        guard let due = notes[id]?.scheduledOff?.time else { return nil }
        let now: SequencerTime
        do { now = try output.currentTime() } catch { throw lose(error) }
        guard now < due else { return nil }
        return .nanoseconds(Int64(due.nanoseconds - now.nanoseconds))
    }

    /// After the wait: the kernel has delivered the note-off once its queue reached the
    /// scheduled time. If the queue is still short of it (stalled), the note-off is withdrawn
    /// and sent now, so that a late one cannot cut the next note on this channel. Then the bend
    /// goes back to centre.
    mutating func finishScheduled(_ id: Int, _ output: any MIDIOutput) throws(NotePlayerError) {
        guard let note = notes.removeValue(forKey: id) else { return }
        allocator.release(id)
        if let scheduled = note.scheduledOff {
            let now: SequencerTime
            do { now = try output.currentTime() } catch { throw lose(error) }
            if now < scheduled.time {
                try cancel(tag: scheduled.tag, output)
                try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0), output)
            } else {
                passedNoteOff = max(passedNoteOff ?? scheduled.time, scheduled.time)
            }
        }
        try send(.pitchBend(channel: note.channel.wireValue, value: 0), output)
    }

    mutating func stopAll(_ output: any MIDIOutput) throws(NotePlayerError) {
        let sounding = allocator.soundingNotes.compactMap { id in notes[id] }
        notes.removeAll()
        allocator.releaseAll()
        // The stop reaches the synth even when its subscription was removed behind our back.
        for note in sounding {
            if let scheduled = note.scheduledOff { try cancel(tag: scheduled.tag, output) }
            try send(.noteOff(channel: note.channel.wireValue, note: UInt8(note.note.rawValue), velocity: 0), output,
                     toConnected: true)
        }
        for channel in usedChannels.sorted() {
            try send(.controlChange(channel: channel.wireValue, controller: 123, value: 0), output, toConnected: true)
            try send(.pitchBend(channel: channel.wireValue, value: 0), output, toConnected: true)
        }
    }

    // MARK: - Output

    private mutating func send(_ message: MIDIMessage, _ output: any MIDIOutput,
                               toConnected: Bool = false) throws(NotePlayerError) {
        do {
            if let passed = passedNoteOff {
                if message.endsANote {
                    // A reaction (an answer stopping the target) leaves at once, without asking
                    // the kernel: a note-off cuts nothing. A copy waits behind the passed note-off
                    // in case the note-on it ends still waits there too; a second note-off is a no-op.
                    try sendDirect(message, output, toConnected: toConnected)
                    if queuedBehind { try output.schedule(message, at: passed, tag: Self.queuedBehindTag) }
                    return
                }
                if try output.hasPendingScheduled() {
                    try output.schedule(message, at: passed, tag: Self.queuedBehindTag)
                    queuedBehind = true
                    return
                }
                passedNoteOff = nil
                queuedBehind = false
            }
            try sendDirect(message, output, toConnected: toConnected)
        } catch {
            throw lose(error)
        }
    }

    private func sendDirect(_ message: MIDIMessage, _ output: any MIDIOutput, toConnected: Bool) throws {
        if toConnected { try output.sendToConnected(message) } else { try output.send(message) }
    }

    private mutating func cancel(tag: UInt8, _ output: any MIDIOutput) throws(NotePlayerError) {
        do { try output.cancelScheduled(tag: tag) } catch { throw lose(error) }
    }

    /// The synth is gone: nothing it had sounds any more, and a new one needs its setup again.
    private mutating func lose(_ error: any Error) -> NotePlayerError {
        passedNoteOff = nil
        queuedBehind = false
        notes.removeAll()
        allocator.releaseAll()
        expression.removeAll()
        prepared = false
        return .outputLost(reason: String(describing: error))
    }
}

private extension MIDIMessage {
    /// A note-off or All Notes Off: sent ahead of an older pending note-off, it cuts nothing.
    var endsANote: Bool {
        switch self {
        case .noteOff: true
        case .controlChange(_, controller: 123, _): true
        default: false
        }
    }
}
