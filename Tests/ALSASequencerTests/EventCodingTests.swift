import CAlsa
import Testing

@testable import ALSASequencer

@Suite("Translating between kernel events and MIDIMessage")
struct EventCodingTests {
    static let messages: [MIDIMessage] = [
        .noteOn(channel: 0, note: 60, velocity: 100), .noteOn(channel: 15, note: 127, velocity: 1),
        .noteOff(channel: 9, note: 0, velocity: 64), .controlChange(channel: 1, controller: 1, value: 127),
        .controlChange(channel: 0, controller: 0, value: 0), .programChange(channel: 2, program: 79),
        .channelPressure(channel: 3, pressure: 42), .pitchBend(channel: 4, value: -8192),
        .pitchBend(channel: 4, value: 0), .pitchBend(channel: 4, value: 8191),
    ]

    @Test("every channel-voice message survives encoding and decoding", arguments: messages)
    func roundTrip(message: MIDIMessage) throws {
        var event = try message.sequencerEvent()
        event.source = snd_seq_addr_t(client: 16, port: 0)
        let decoded = SequencerEvent(decoding: event)
        #expect(decoded.payload == .midi(message))
        #expect(decoded.source == SequencerAddress(client: 16, port: 0))
        #expect(decoded.timestampNanoseconds == nil)
    }

    @Test("a note-on with velocity 0 is a note-off")
    func zeroVelocityNoteOn() throws {
        let event = try MIDIMessage.noteOn(channel: 5, note: 61, velocity: 0).sequencerEvent()
        #expect(SequencerEvent(decoding: event).payload == .midi(.noteOff(channel: 5, note: 61, velocity: 0)))
    }

    @Test("unknown types become .other, and out-of-width data is masked, never trapping")
    func hostileEvents() {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_SENSING.rawValue)
        #expect(SequencerEvent(decoding: event).payload == .midi(.other(type: Int32(SND_SEQ_EVENT_SENSING.rawValue))))
        event.type = 255
        #expect(SequencerEvent(decoding: event).payload == .midi(.other(type: 255)))

        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_CONTROLLER.rawValue)
        event.data.control.channel = 0xF3
        event.data.control.param = 0xFFFF_FFFF
        event.data.control.value = -1
        #expect(SequencerEvent(decoding: event).payload == .midi(.controlChange(channel: 3, controller: 127, value: 127)))
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_PITCHBEND.rawValue)
        event.data.control.value = Int32.min
        #expect(SequencerEvent(decoding: event).payload == .midi(.pitchBend(channel: 3, value: -8192)))
    }

    @Test("announcements carry the client, port or connection they announce")
    func announcements() {
        var event = snd_seq_event_t()
        event.source = snd_seq_addr_t(client: 0, port: 1)
        event.data.addr = snd_seq_addr_t(client: 130, port: 2)
        func decode(_ type: snd_seq_event_type) -> SequencerEvent.Payload {
            event.type = snd_seq_event_type_t(type.rawValue)
            return SequencerEvent(decoding: event).payload
        }
        #expect(decode(SND_SEQ_EVENT_CLIENT_START) == .announcement(.clientStarted(client: 130)))
        #expect(decode(SND_SEQ_EVENT_CLIENT_EXIT) == .announcement(.clientExited(client: 130)))
        #expect(decode(SND_SEQ_EVENT_PORT_START) == .announcement(.portStarted(SequencerAddress(client: 130, port: 2))))
        #expect(decode(SND_SEQ_EVENT_PORT_EXIT) == .announcement(.portExited(SequencerAddress(client: 130, port: 2))))
        #expect(decode(SND_SEQ_EVENT_PORT_CHANGE) == .announcement(.portChanged(SequencerAddress(client: 130, port: 2))))
        event.data.connect = snd_seq_connect_t(sender: snd_seq_addr_t(client: 16, port: 0), dest: snd_seq_addr_t(client: 128, port: 1))
        #expect(decode(SND_SEQ_EVENT_PORT_SUBSCRIBED) == .announcement(.subscribed(
            sender: SequencerAddress(client: 16, port: 0), destination: SequencerAddress(client: 128, port: 1))))
        #expect(decode(SND_SEQ_EVENT_PORT_UNSUBSCRIBED) == .announcement(.unsubscribed(
            sender: SequencerAddress(client: 16, port: 0), destination: SequencerAddress(client: 128, port: 1))))
    }

    @Test("a real-time stamp on a queue is reported in nanoseconds; a direct event has none")
    func timestamps() throws {
        var event = try MIDIMessage.noteOn(channel: 0, note: 60, velocity: 1).sequencerEvent()
        peach_seq_ev_schedule_real(&event, 0, 2, 500)
        #expect(SequencerEvent(decoding: event).timestampNanoseconds == 2_000_000_500)
        peach_seq_ev_set_direct(&event)
        #expect(SequencerEvent(decoding: event).timestampNanoseconds == nil)
    }

    @Test("values outside their MIDI width are refused with the value named")
    func refusals() {
        #expect(throws: SequencerError.unencodable(.noteOn(channel: 0, note: 128, velocity: 1), reason: "note 128 is outside 0…127")) {
            try MIDIMessage.noteOn(channel: 0, note: 128, velocity: 1).sequencerEvent()
        }
        #expect(throws: SequencerError.unencodable(.controlChange(channel: 16, controller: 1, value: 1), reason: "channel 16 is outside 0…15")) {
            try MIDIMessage.controlChange(channel: 16, controller: 1, value: 1).sequencerEvent()
        }
        #expect(throws: SequencerError.unencodable(.pitchBend(channel: 0, value: 8192), reason: "pitch bend 8192 is outside -8192…8191")) {
            try MIDIMessage.pitchBend(channel: 0, value: 8192).sequencerEvent()
        }
        let other = #expect(throws: SequencerError.self) { try MIDIMessage.other(type: 42).sequencerEvent() }
        #expect(other?.description == "cannot send other(type: 42): event type 42 has no data to send; only channel-voice messages can be sent")
    }
}
