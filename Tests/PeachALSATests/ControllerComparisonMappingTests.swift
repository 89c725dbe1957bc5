import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

@Suite("Controller mapping: comparison answers")
struct ControllerComparisonMappingTests {
    @Test("relative to target: above is higher, below is lower, the target's own key is ignored")
    func relativeToTarget() {
        var mapping = ControllerMapping.running(.higherOrLower)
        mapping.targetChanged(60)
        #expect(mapping.map(E.noteOn(61)) == [.answer(higher: true)])
        #expect(mapping.map(E.noteOn(84)) == [.answer(higher: true)])
        #expect(mapping.map(E.noteOn(59)) == [.answer(higher: false)])
        #expect(mapping.map(E.noteOn(21)) == [.answer(higher: false)])
        #expect(mapping.map(E.noteOn(60)) == [])
        mapping.targetChanged(72)
        #expect(mapping.map(E.noteOn(61)) == [.answer(higher: false)])
        #expect(mapping.map(E.noteOn(72)) == [])
    }

    @Test("before any target, keys answer nothing; note-offs and velocity 0 never do")
    func noTargetAndNoteOffs() {
        var mapping = ControllerMapping.running(.higherOrLower)
        #expect(mapping.map(E.noteOn(70)) == [])
        mapping.targetChanged(60)
        #expect(mapping.map(E.noteOff(70)) == [])
        #expect(mapping.map(E.noteOn(70, velocity: 0)) == [])
        #expect(mapping.map(E.noteOn(70, velocity: 1)) == [.answer(higher: true)])
    }

    @Test("explicit note buttons answer; other keys do not, whatever the target")
    func explicitNotes() throws {
        let settings = try ControllerSettings(comparisonMode: .explicit, higher: .note(62), lower: .note(60))
        var mapping = ControllerMapping.running(.higherOrLower, settings)
        mapping.targetChanged(90)
        #expect(mapping.feed([E.noteOn(62), E.noteOn(60), E.noteOn(61), E.noteOn(95)])
            == [.answer(higher: true), .answer(higher: false)])
    }

    @Test("explicit CC buttons answer on the press (≥ 64), once per press")
    func explicitCCButtons() throws {
        let settings = try ControllerSettings(
            comparisonMode: .explicit, higher: ControllerButton(.controlChange, 81), lower: ControllerButton(.controlChange, 80))
        var mapping = ControllerMapping.running(.higherOrLower, settings)
        #expect(mapping.map(E.cc(81, 63)) == [])
        #expect(mapping.map(E.cc(81, 64)) == [.answer(higher: true)])
        #expect(mapping.map(E.cc(81, 127)) == [])
        #expect(mapping.map(E.cc(81, 0)) == [])
        #expect(mapping.map(E.cc(81, 127)) == [.answer(higher: true)])
        #expect(mapping.map(E.cc(80, 127)) == [.answer(higher: false)])
        #expect(mapping.map(E.cc(82, 127)) == [])
    }

    @Test("explicit program changes answer every time")
    func explicitPrograms() throws {
        let settings = try ControllerSettings(
            comparisonMode: .explicit, higher: ControllerButton(.programChange, 1), lower: ControllerButton(.programChange, 0))
        var mapping = ControllerMapping.running(.higherOrLower, settings)
        #expect(mapping.feed([E.program(1), E.program(1), E.program(0), E.program(5)])
            == [.answer(higher: true), .answer(higher: true), .answer(higher: false)])
    }

    @Test("comparison answers are not produced while matching runs, nor with no session")
    func onlyInComparison() {
        var mapping = ControllerMapping(settings: .default)
        mapping.targetChanged(60)
        #expect(mapping.map(E.noteOn(70)) == [])
        mapping.answers = .higherOrLower
        #expect(mapping.map(E.noteOn(70)) == [.answer(higher: true)])
    }
}
