import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

@Suite("Controller mapping: rhythm answers and taps")
struct ControllerRhythmMappingTests {
    @Test("offset detection: a key below middle C answers early, middle C and up late; releases answer nothing")
    func earlyLateSplit() {
        var mapping = ControllerMapping.running(.earlyOrLate)
        #expect(mapping.map(E.noteOn(59)) == [.timing(early: true)])
        #expect(mapping.map(E.noteOn(36)) == [.timing(early: true)])
        #expect(mapping.map(E.noteOn(60)) == [.timing(early: false)])
        #expect(mapping.map(E.noteOn(96)) == [.timing(early: false)])
        #expect(mapping.map(E.noteOff(40)) == [])
        #expect(mapping.map(E.noteOn(40, velocity: 0)) == [])
    }

    @Test("offset detection in explicit mode: lower answers early, higher late, other keys nothing")
    func explicitButtons() throws {
        let settings = try ControllerSettings(comparisonMode: .explicit, higher: .note(38), lower: .note(36))
        var mapping = ControllerMapping.running(.earlyOrLate, settings)
        #expect(mapping.feed([E.noteOn(36), E.noteOn(38), E.noteOn(37), E.noteOn(72)])
            == [.timing(early: true), .timing(early: false)])
    }

    @Test("matching: any key or pad taps, carrying the kernel's stamp; releases and other ports do not tap")
    func anyKeyTaps() {
        var mapping = ControllerMapping(settings: .default, source: E.keyboard, answers: .tap)
        #expect(mapping.map(E.noteOn(38, at: 1_234_567)) == [.tap(nanoseconds: 1_234_567)])
        #expect(mapping.map(E.noteOn(84, velocity: 1, at: 9)) == [.tap(nanoseconds: 9)])
        #expect(mapping.map(E.noteOff(38, at: 10)) == [])
        #expect(mapping.map(E.noteOn(38, velocity: 0, at: 11)) == [])
        #expect(mapping.map(E.noteOn(38, from: E.otherPort, at: 12)) == [])
    }

    @Test("two pads struck at once are two taps, each with its own stamp: the session counts the first")
    func simultaneousPads() {
        var mapping = ControllerMapping.running(.tap)
        #expect(mapping.feed([E.noteOn(36, at: 100), E.noteOn(38, at: 100)]) == [.tap(nanoseconds: 100), .tap(nanoseconds: 100)])
    }

    @Test("matching with a configured tap: only that control taps (a CC button on its press), other keys nothing")
    func configuredTap() throws {
        let settings = try ControllerSettings(tap: .sustainPedal)
        var mapping = ControllerMapping.running(.tap, settings)
        #expect(mapping.map(E.noteOn(38, at: 5)) == [])
        #expect(mapping.map(E.cc(64, 127, at: 7)) == [.tap(nanoseconds: 7)])
        #expect(mapping.map(E.cc(64, 0, at: 8)) == [])
        let padSettings = try ControllerSettings(tap: .note(38))
        var pads = ControllerMapping.running(.tap, padSettings)
        #expect(pads.feed([E.noteOn(36, at: 1), E.noteOn(38, at: 2)]) == [.tap(nanoseconds: 2)])
    }

    @Test("a tap on a command's control is refused when the settings are made")
    func tapOnACommand() {
        #expect(throws: DomainValueError.self) {
            try ControllerSettings(commands: [.quit: .note(38)], tap: .note(38))
        }
    }

    @Test("pitch answers and tuning mean nothing in the rhythm sessions, nor rhythm inputs in the pitch ones")
    func sessionsKeepTheirOwnInputs() {
        var rhythm = ControllerMapping.running(.tap)
        #expect(rhythm.map(E.cc(1, 90)) == [])
        var comparison = ControllerMapping.running(.higherOrLower)
        comparison.targetChanged(60)
        #expect(comparison.map(E.noteOn(59, at: 3)) == [.answer(higher: false)])
    }
}
