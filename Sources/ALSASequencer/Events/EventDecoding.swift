import CAlsa

extension SequencerEvent {
    /// Translates a kernel event into the typed model. Total: every event type gives a value
    /// (unknown ones `.other`) and data bytes are masked to their MIDI widths, so nothing a
    /// controller sends can make decoding fail.
    init(decoding event: snd_seq_event_t) {
        let source = SequencerAddress(client: Int(event.source.client), port: Int(event.source.port))
        self.init(source: source, payload: Self.payload(of: event), timestampNanoseconds: Self.timestamp(of: event))
    }

    private static func payload(of event: snd_seq_event_t) -> Payload {
        let type = UInt32(event.type)
        let note = event.data.note
        let control = event.data.control
        let channel = note.channel & 0x0F  // note and control share the channel's offset
        switch type {
        case SND_SEQ_EVENT_NOTEON.rawValue where note.velocity & 0x7F == 0:
            return .midi(.noteOff(channel: channel, note: note.note & 0x7F, velocity: 0))
        case SND_SEQ_EVENT_NOTEON.rawValue:
            return .midi(.noteOn(channel: channel, note: note.note & 0x7F, velocity: note.velocity & 0x7F))
        case SND_SEQ_EVENT_NOTEOFF.rawValue:
            return .midi(.noteOff(channel: channel, note: note.note & 0x7F, velocity: note.velocity & 0x7F))
        case SND_SEQ_EVENT_CONTROLLER.rawValue:
            return .midi(.controlChange(channel: control.channel & 0x0F, controller: UInt8(truncatingIfNeeded: control.param & 0x7F),
                                        value: UInt8(truncatingIfNeeded: control.value & 0x7F)))
        case SND_SEQ_EVENT_PGMCHANGE.rawValue:
            return .midi(.programChange(channel: control.channel & 0x0F, program: UInt8(truncatingIfNeeded: control.value & 0x7F)))
        case SND_SEQ_EVENT_CHANPRESS.rawValue:
            return .midi(.channelPressure(channel: control.channel & 0x0F, pressure: UInt8(truncatingIfNeeded: control.value & 0x7F)))
        case SND_SEQ_EVENT_PITCHBEND.rawValue:
            return .midi(.pitchBend(channel: control.channel & 0x0F, value: Int16(min(max(control.value, -8192), 8191))))
        case SND_SEQ_EVENT_CLIENT_START.rawValue:
            return .announcement(.clientStarted(client: Int(event.data.addr.client)))
        case SND_SEQ_EVENT_CLIENT_EXIT.rawValue:
            return .announcement(.clientExited(client: Int(event.data.addr.client)))
        case SND_SEQ_EVENT_PORT_START.rawValue:
            return .announcement(.portStarted(address(event.data.addr)))
        case SND_SEQ_EVENT_PORT_EXIT.rawValue:
            return .announcement(.portExited(address(event.data.addr)))
        case SND_SEQ_EVENT_PORT_CHANGE.rawValue:
            return .announcement(.portChanged(address(event.data.addr)))
        case SND_SEQ_EVENT_PORT_SUBSCRIBED.rawValue:
            return .announcement(.subscribed(sender: address(event.data.connect.sender), destination: address(event.data.connect.dest)))
        case SND_SEQ_EVENT_PORT_UNSUBSCRIBED.rawValue:
            return .announcement(.unsubscribed(sender: address(event.data.connect.sender), destination: address(event.data.connect.dest)))
        default:
            return .midi(.other(type: Int32(type)))
        }
    }

    private static func address(_ addr: snd_seq_addr_t) -> SequencerAddress {
        SequencerAddress(client: Int(addr.client), port: Int(addr.port))
    }

    /// A real-time stamp set by the kernel when the event reached a timestamping port or
    /// subscription; direct events that were not stamped carry none.
    private static func timestamp(of event: snd_seq_event_t) -> UInt64? {
        var event = event
        guard peach_seq_ev_is_real_time(&event) != 0, Int32(event.queue) != SND_SEQ_QUEUE_DIRECT else { return nil }
        return UInt64(event.time.time.tv_sec) * 1_000_000_000 + UInt64(event.time.time.tv_nsec)
    }
}
