import ALSASequencer
import Foundation
import PeachCore
import Synchronization

/// Forwards to the real sequencer client and remembers when each note-off was scheduled, so a
/// test can compare the kernel's delivery stamp with the time the player asked for.
final class SchedulingSpy: MIDIOutput {
    private let client: SequencerClient
    private let scheduled = Mutex<[SequencerTime]>([])

    init(_ client: SequencerClient) { self.client = client }

    var scheduledTimes: [SequencerTime] { scheduled.withLock { $0 } }

    func send(_ message: MIDIMessage) throws { try client.send(message) }
    func cancelScheduled(tag: UInt8) throws { try client.cancelScheduled(tag: tag) }
    func currentTime() throws -> SequencerTime { try client.currentTime() }
    func hasPendingScheduled() throws -> Bool { try client.hasPendingScheduled() }
    func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws {
        try client.schedule(message, at: time, tag: tag)
        scheduled.withLock { $0.append(time) }
    }
}

enum PlayerFixtures {
    static func hz(_ cents: Double, note: Int = 69) throws -> Frequency {
        try Frequency(hertz: 440 * pow(2, (Double(note - 69) * 100 + cents) / 1200))
    }

    /// All Notes Off and the bend centred (whatever was left sounding), bank 0, program 0 and
    /// RPN 0 = ±2 semitones, expression at its 0 dB value 71 on wire channel 0.
    static let setup: [MIDIMessage] = [
        .controlChange(channel: 0, controller: 123, value: 0), .pitchBend(channel: 0, value: 0),
        .controlChange(channel: 0, controller: 0, value: 0), .controlChange(channel: 0, controller: 32, value: 0),
        .programChange(channel: 0, program: 0),
        .controlChange(channel: 0, controller: 101, value: 0), .controlChange(channel: 0, controller: 100, value: 0),
        .controlChange(channel: 0, controller: 6, value: 2), .controlChange(channel: 0, controller: 38, value: 0),
        .controlChange(channel: 0, controller: 101, value: 127), .controlChange(channel: 0, controller: 100, value: 127),
        .controlChange(channel: 0, controller: 11, value: 71),
    ]

    /// The notes a synth would still be playing after `messages`: note-on adds, note-off and
    /// All Notes Off (CC 123) remove.
    static func sounding(after messages: [MIDIMessage]) -> Set<[UInt8]> {
        var sounding: Set<[UInt8]> = []
        for message in messages {
            switch message {
            case .noteOn(let channel, let note, let velocity) where velocity > 0: sounding.insert([channel, note])
            case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _): sounding.remove([channel, note])
            case .controlChange(let channel, 123, _): sounding = sounding.filter { $0[0] != channel }
            default: break
            }
        }
        return sounding
    }
}
