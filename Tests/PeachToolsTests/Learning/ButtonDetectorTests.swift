import ALSASequencer
import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("peach learn: detecting a button")
struct ButtonDetectorTests {
    static func first(_ messages: [MIDIMessage], detector: ButtonDetector = ButtonDetector())
        -> ControlDetection<ControllerButton>?
    {
        var detector = detector
        for message in messages {
            let result = detector.receive(message)
            if case .detected = result { return result }
            if message == messages.last { return result }
        }
        return nil
    }

    @Test("a key, a CC button rising through 64, the sustain pedal and a program change", arguments: [
        ([MIDIMessage.noteOn(channel: 0, note: 72, velocity: 90)], "note:C5"),
        ([.controlChange(channel: 3, controller: 80, value: 127)], "cc:80"),
        ([.controlChange(channel: 0, controller: 64, value: 0), .controlChange(channel: 0, controller: 64, value: 100)], "sustain"),
        ([.programChange(channel: 0, program: 5)], "program:5"),
    ])
    func detects(messages: [MIDIMessage], text: String) throws {
        guard case .detected(let button)? = Self.first(messages) else {
            Issue.record("nothing detected from \(messages)")
            return
        }
        #expect(button.text == text)
    }

    @Test("a held CC is pressed once; releases, note-offs and velocity 0 are no press")
    func pressesOnce() throws {
        let cc80 = try ControllerButton(.controlChange, 80)
        var detector = ButtonDetector()
        #expect(detector.receive(.controlChange(channel: 0, controller: 80, value: 127)) == .detected(cc80))
        #expect(detector.receive(.controlChange(channel: 0, controller: 80, value: 100)) == .nothing)
        #expect(detector.receive(.controlChange(channel: 0, controller: 80, value: 0)) == .nothing)
        #expect(detector.receive(.noteOff(channel: 0, note: 60, velocity: 0)) == .nothing)
        #expect(detector.receive(.noteOn(channel: 0, note: 60, velocity: 0)) == .nothing)
        #expect(detector.receive(.controlChange(channel: 0, controller: 80, value: 64)) == .detected(cc80))
    }

    @Test("other channels, channel mode messages, the pitch wheel and the tuning control's CCs are ignored, with a reason")
    func ignored() throws {
        var detector = ButtonDetector(channel: try MIDIChannel(2), tuningControllers: [1, 33])
        guard case .ignored(let channel) = detector.receive(.noteOn(channel: 0, note: 60, velocity: 100)) else {
            Issue.record("a key on channel 1 was not ignored")
            return
        }
        #expect(channel.contains("controller.channel is 2"))
        guard case .ignored(let mode) = detector.receive(.controlChange(channel: 1, controller: 123, value: 127)),
              case .ignored(let wheel) = detector.receive(.pitchBend(channel: 1, value: 4000)),
              case .ignored(let tuning) = detector.receive(.controlChange(channel: 1, controller: 1, value: 127)) else {
            Issue.record("not ignored")
            return
        }
        #expect(mode.contains("channel mode"))
        #expect(wheel.contains("pitch wheel"))
        #expect(tuning.contains("tuning control"))
        #expect(detector.receive(.noteOn(channel: 1, note: 60, velocity: 100)) == .detected(.note(60)))
    }
}
