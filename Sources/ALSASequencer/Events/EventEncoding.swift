import CAlsa

extension MIDIMessage {
    /// The kernel event for this message, addressed to nobody yet. Refuses values that do not
    /// fit their MIDI widths instead of letting ALSA truncate them silently.
    func sequencerEvent() throws(SequencerError) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        peach_seq_ev_clear(&event)
        func type(_ value: snd_seq_event_type) -> snd_seq_event_type_t { snd_seq_event_type_t(value.rawValue) }
        switch self {
        case .noteOn(let channel, let note, let velocity), .noteOff(let channel, let note, let velocity):
            try check(channel: channel)
            try check(note, "note")
            try check(velocity, "velocity")
            if case .noteOn = self { event.type = type(SND_SEQ_EVENT_NOTEON) } else { event.type = type(SND_SEQ_EVENT_NOTEOFF) }
            event.data.note.channel = channel
            event.data.note.note = note
            event.data.note.velocity = velocity
        case .controlChange(let channel, let controller, let value):
            try check(channel: channel)
            try check(controller, "controller")
            try check(value, "value")
            event.type = type(SND_SEQ_EVENT_CONTROLLER)
            event.data.control.channel = channel
            event.data.control.param = UInt32(controller)
            event.data.control.value = Int32(value)
        case .programChange(let channel, let program):
            try check(channel: channel)
            try check(program, "program")
            event.type = type(SND_SEQ_EVENT_PGMCHANGE)
            event.data.control.channel = channel
            event.data.control.value = Int32(program)
        case .channelPressure(let channel, let pressure):
            try check(channel: channel)
            try check(pressure, "pressure")
            event.type = type(SND_SEQ_EVENT_CHANPRESS)
            event.data.control.channel = channel
            event.data.control.value = Int32(pressure)
        case .pitchBend(let channel, let value):
            try check(channel: channel)
            guard (-8192...8191).contains(value) else {
                throw .unencodable(self, reason: "pitch bend \(value) is outside -8192…8191")
            }
            event.type = type(SND_SEQ_EVENT_PITCHBEND)
            event.data.control.channel = channel
            event.data.control.value = Int32(value)
        case .other(let type):
            throw .unencodable(self, reason: "event type \(type) has no data to send; only channel-voice messages can be sent")
        }
        return event
    }

    private func check(channel: UInt8) throws(SequencerError) {
        guard channel < 16 else { throw .unencodable(self, reason: "channel \(channel) is outside 0…15") }
    }

    private func check(_ value: UInt8, _ name: String) throws(SequencerError) {
        guard value < 128 else { throw .unencodable(self, reason: "\(name) \(value) is outside 0…127") }
    }
}
