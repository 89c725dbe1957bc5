import ALSASequencer
import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("peach learn: detecting the tuning control")
struct TuningControlDetectorTests {
    static func cc(_ controller: UInt8, _ values: [UInt8], channel: UInt8 = 0) -> [MIDIMessage] {
        values.map { .controlChange(channel: channel, controller: controller, value: $0) }
    }

    /// Feeds every message; the control detected, else the best guess at the end.
    static func detect(_ messages: [MIDIMessage]) -> TuningControl? {
        var detector = TuningControlDetector()
        for message in messages {
            if case .detected(let control) = detector.receive(message) { return control }
        }
        return detector.bestGuess
    }

    /// Typed apart from the macro: its arguments' literals are too many for the type checker at once.
    static let absoluteCases: [([MIDIMessage], String)] = [
        (cc(1, [10, 20, 30, 40, 50, 60, 70, 80]), "modWheel"),
        (zip(cc(1, [10, 20, 30, 40]), cc(33, [5, 6, 7, 8])).flatMap { [$0, $1] }, "modWheel"),
        (cc(74, [10, 12, 15, 20, 30, 44, 60, 70]), "cc:74"),
        (zip(cc(16, [10, 20, 30, 40]), cc(48, [1, 2, 3, 4])).flatMap { [$0, $1] }, "cc14:16"),
        (zip(cc(48, [1, 2, 3, 4]), cc(16, [10, 20, 30, 40])).flatMap { [$0, $1] }, "cc14:16"),
        (cc(74, [60, 61, 62]), "cc:74"),
    ]

    @Test("absolute controls: the mod wheel (7- or 14-bit), a 7-bit CC, a 14-bit pair either way round",
          arguments: absoluteCases)
    func absolute(messages: [MIDIMessage], text: String) {
        #expect(Self.detect(messages)?.text == text)
    }

    static let encoderCases: [([MIDIMessage], String)] = [
        (cc(20, [1, 1, 1, 1, 1, 1, 1, 1]), "encoder:20:twosComplement:1.0"),
        (cc(20, [127, 127, 126]), "encoder:20:twosComplement:1.0"),
        (cc(21, [1, 127, 2, 126]), "encoder:21:twosComplement:1.0"),
        (cc(22, [65, 65, 66, 65, 63, 63, 62, 63]), "encoder:22:binaryOffset:1.0"),
    ]

    @Test("relative encoders: repeated small steps, or both ends of two's complement", arguments: encoderCases)
    func encoders(messages: [MIDIMessage], text: String) {
        #expect(Self.detect(messages)?.text == text)
    }

    @Test("a CC is decided after decisiveMessages messages, not before")
    func decisive() throws {
        let cc74 = try TuningControl(parsing: "cc:74")
        var detector = TuningControlDetector()
        for value in UInt8(1)..<UInt8(TuningControlDetector.decisiveMessages) {
            #expect(detector.receive(.controlChange(channel: 0, controller: 74, value: value * 10)) == .listening)
        }
        #expect(detector.bestGuess?.text == "cc:74")
        #expect(detector.receive(.controlChange(channel: 0, controller: 74, value: 100)) == .detected(cc74))
    }

    @Test("the pitch wheel beyond its dead zone is the wheel as a rate; centred, keys and programs are not")
    func pitchWheel() throws {
        let wheel = try TuningControl(parsing: "pitchWheelRate:200")
        var detector = TuningControlDetector()
        #expect(detector.receive(.pitchBend(channel: 0, value: 30)) == .nothing)
        guard case .ignored = detector.receive(.noteOn(channel: 0, note: 60, velocity: 100)),
              case .ignored = detector.receive(.programChange(channel: 0, program: 1)) else {
            Issue.record("a key or a program change was not ignored")
            return
        }
        #expect(detector.bestGuess == nil)
        #expect(detector.receive(.pitchBend(channel: 0, value: -3000)) == .detected(wheel))
    }

    @Test("the busiest CC wins the best guess")
    func busiest() {
        var detector = TuningControlDetector()
        for message in Self.cc(0, [3]) + Self.cc(7, [10, 20, 30]) { _ = detector.receive(message) }
        #expect(detector.bestGuess?.text == "cc:7")
    }
}
