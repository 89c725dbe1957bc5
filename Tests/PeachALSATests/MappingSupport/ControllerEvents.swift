import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig

/// Hand-written controller events; channel 0 on the wire is channel 1.
enum ControllerEvents {
    static let keyboard = SequencerAddress(client: 24, port: 0)
    static let otherPort = SequencerAddress(client: 28, port: 0)

    static func event(_ message: MIDIMessage, from source: SequencerAddress = keyboard, at time: UInt64? = nil) -> SequencerEvent {
        SequencerEvent(source: source, payload: .midi(message), timestampNanoseconds: time)
    }

    static func noteOn(_ note: MIDINote, velocity: UInt8 = 100, channel: UInt8 = 0,
                       from source: SequencerAddress = keyboard, at time: UInt64? = nil) -> SequencerEvent {
        event(.noteOn(channel: channel, note: UInt8(note.rawValue), velocity: velocity), from: source, at: time)
    }

    static func noteOff(_ note: MIDINote, channel: UInt8 = 0, at time: UInt64? = nil) -> SequencerEvent {
        event(.noteOff(channel: channel, note: UInt8(note.rawValue), velocity: 64), at: time)
    }

    static func cc(_ controller: UInt8, _ value: UInt8, channel: UInt8 = 0, at time: UInt64? = nil) -> SequencerEvent {
        event(.controlChange(channel: channel, controller: controller, value: value), at: time)
    }

    static func program(_ program: UInt8, channel: UInt8 = 0) -> SequencerEvent {
        event(.programChange(channel: channel, program: program))
    }

    static func bend(_ value: Int16, at time: UInt64?, channel: UInt8 = 0) -> SequencerEvent {
        event(.pitchBend(channel: channel, value: value), at: time)
    }

    static func millis(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }
}

extension ControllerMapping {
    /// Every input the events give, in order.
    mutating func feed(_ events: [SequencerEvent]) -> [TrainingInput] {
        events.flatMap { map($0) }
    }

    /// A mapping of `settings` with the given session running.
    static func running(_ session: AnswerVocabulary, _ settings: ControllerSettings = .default) -> ControllerMapping {
        ControllerMapping(settings: settings, answers: session)
    }
}

extension Sequence<TrainingInput> {
    /// The values of the `.adjust` inputs.
    var adjustments: [Double] {
        compactMap { if case .adjust(let value) = $0 { value } else { nil } }
    }
}

func isClose(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-9) -> Bool {
    abs(lhs - rhs) <= tolerance
}
