import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import Testing

@Suite("RPN 0: pitch-bend sensitivity")
struct RPNTests {
    @Test func twoSemitonesOnChannelOne() throws {
        let messages = PitchBendSensitivity.messages(for: try PitchBendRange(semitones: 2), on: try MIDIChannel(1))
        #expect(messages == [
            .controlChange(channel: 0, controller: 101, value: 0),
            .controlChange(channel: 0, controller: 100, value: 0),
            .controlChange(channel: 0, controller: 6, value: 2),
            .controlChange(channel: 0, controller: 38, value: 0),
            .controlChange(channel: 0, controller: 101, value: 127),
            .controlChange(channel: 0, controller: 100, value: 127),
        ])
    }

    @Test func twelveSemitonesOnChannelSixteen() throws {
        let messages = PitchBendSensitivity.messages(for: try PitchBendRange(semitones: 12), on: try MIDIChannel(16))
        let bytes = messages.map { message -> [UInt8] in
            guard case .controlChange(let channel, let controller, let value) = message else { return [] }
            return [0xB0 | channel, controller, value]
        }
        #expect(bytes == [[0xBF, 101, 0], [0xBF, 100, 0], [0xBF, 6, 12], [0xBF, 38, 0], [0xBF, 101, 127], [0xBF, 100, 127]])
    }
}
