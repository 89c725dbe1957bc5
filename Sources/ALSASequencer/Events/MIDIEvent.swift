/// A channel-voice or system message as the sequencer delivers it. Channels are 0…15 here,
/// as on the wire; data values are 7-bit except pitch bend (signed −8192…8191, as ALSA carries it).
public enum MIDIMessage: Hashable, Sendable {
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    case programChange(channel: UInt8, program: UInt8)
    case channelPressure(channel: UInt8, pressure: UInt8)
    case pitchBend(channel: UInt8, value: Int16)
    /// Everything the engine ignores: clock, active sensing, SysEx, key pressure, …
    case other(type: Int32)

    /// The channel of a channel-voice message.
    public var channel: UInt8? {
        switch self {
        case .noteOn(let channel, _, _), .noteOff(let channel, _, _), .controlChange(let channel, _, _),
             .programChange(let channel, _), .channelPressure(let channel, _), .pitchBend(let channel, _):
            return channel
        case .other:
            return nil
        }
    }
}

/// A sequencer address: client and port numbers, written "client:port" as aconnect does.
public struct SequencerAddress: Hashable, Sendable, CustomStringConvertible {
    public let client: Int
    public let port: Int

    public init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    public var description: String { "\(client):\(port)" }
}

/// Changes in the sequencer's graph, from the System Announce port.
public enum SequencerAnnouncement: Hashable, Sendable {
    case clientStarted(client: Int)
    case clientExited(client: Int)
    case portStarted(SequencerAddress)
    case portExited(SequencerAddress)
    case portChanged(SequencerAddress)
    case subscribed(sender: SequencerAddress, destination: SequencerAddress)
    case unsubscribed(sender: SequencerAddress, destination: SequencerAddress)
}

/// One event received from the sequencer.
public struct SequencerEvent: Hashable, Sendable {
    public enum Payload: Hashable, Sendable {
        case midi(MIDIMessage)
        case announcement(SequencerAnnouncement)
    }

    public let source: SequencerAddress
    public let payload: Payload
    /// The kernel's real-time stamp in nanoseconds on the receiving queue, when the event carries one.
    public let timestampNanoseconds: UInt64?

    public init(source: SequencerAddress, payload: Payload, timestampNanoseconds: UInt64?) {
        self.source = source
        self.payload = payload
        self.timestampNanoseconds = timestampNanoseconds
    }
}

extension SequencerEvent {
    /// The MIDI message, when this is one (not an announcement).
    public var midiMessage: MIDIMessage? { if case .midi(let message) = payload { message } else { nil } }
    /// The announcement, when this is one.
    public var announcement: SequencerAnnouncement? {
        if case .announcement(let announcement) = payload { announcement } else { nil }
    }
}
