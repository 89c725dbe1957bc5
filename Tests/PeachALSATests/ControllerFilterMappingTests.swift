import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

@Suite("Controller mapping: filters and commands")
struct ControllerFilterMappingTests {
    @Test("with a channel filter, events on other channels are ignored")
    func channelFilter() throws {
        var mapping = ControllerMapping.running(.higherOrLower, try ControllerSettings(channel: MIDIChannel(3)))
        mapping.targetChanged(60)
        #expect(mapping.map(E.noteOn(70, channel: 0)) == [])
        #expect(mapping.map(E.noteOn(70, channel: 3)) == [])
        #expect(mapping.map(E.noteOn(70, channel: 2)) == [.answer(higher: true)])
        mapping.answers = .tuning
        #expect(mapping.map(E.cc(1, 90, channel: 0)) == [])
        #expect(mapping.map(E.cc(64, 127, channel: 5)) == [])
        #expect(mapping.map(E.cc(1, 90, channel: 2)).first == .touch)
    }

    @Test("omni: every channel counts")
    func omni() {
        var mapping = ControllerMapping.running(.higherOrLower)
        mapping.targetChanged(60)
        #expect(mapping.feed((0...15).map { E.noteOn(70, channel: $0) }).count == 16)
    }

    @Test("with a source filter, other ports are ignored")
    func sourceFilter() {
        var mapping = ControllerMapping.running(.higherOrLower)
        mapping.source = E.keyboard
        mapping.targetChanged(60)
        #expect(mapping.map(E.noteOn(70, from: E.otherPort)) == [])
        #expect(mapping.map(E.noteOn(70, from: E.keyboard)) == [.answer(higher: true)])
        mapping.source = nil
        #expect(mapping.map(E.noteOn(70, from: E.otherPort)) == [.answer(higher: true)])
    }

    @Test("note-offs, pressure, clock, active sensing, SysEx and announcements are ignored")
    func ignoredEvents() throws {
        let settings = try ControllerSettings(commands: [.quit: .note(24)])
        var mapping = ControllerMapping.running(.tuning, settings)
        mapping.targetChanged(60)
        let ignored = [
            E.noteOff(24), E.noteOff(70),
            E.event(.channelPressure(channel: 0, pressure: 100)),
            E.event(.other(type: 36)), E.event(.other(type: 42)), E.event(.other(type: 130)),
            SequencerEvent(source: E.keyboard, payload: .announcement(.portExited(E.keyboard)), timestampNanoseconds: nil),
        ]
        #expect(mapping.feed(ignored) == [])
        // The same mapping still answers the real thing.
        #expect(mapping.map(E.noteOn(24)) == [.command(.quit)])
    }

    @Test("commands on notes, CCs and program changes work in every session and take precedence")
    func commands() throws {
        let settings = try ControllerSettings(commands: [
            .startStop: ControllerButton(.programChange, 0), .nextMode: ControllerButton(.controlChange, 80), .quit: .note(24),
        ])
        for session in [nil, AnswerVocabulary.higherOrLower, .tuning] {
            var mapping = ControllerMapping(settings: settings, answers: session)
            mapping.targetChanged(60)
            #expect(mapping.map(E.program(0)) == [.command(.startStop)])
            #expect(mapping.map(E.program(1)) == [])
            #expect(mapping.map(E.cc(80, 127)) == [.command(.nextMode)])
            #expect(mapping.map(E.cc(80, 100)) == [])
            #expect(mapping.map(E.cc(80, 0)) == [])
            #expect(mapping.map(E.cc(80, 64)) == [.command(.nextMode)])
            // Below the target, but a command; with any-key commit, still a command.
            #expect(mapping.map(E.noteOn(24)) == [.command(.quit)])
        }
    }

    @Test("new settings apply at once; the tuning state survives unless the tuning control changed")
    func updateSettings() throws {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.cc(1, 10)).first == .touch)
        mapping.update(settings: try ControllerSettings(commit: [.button(.sustainPedal)]))
        #expect(mapping.map(E.noteOn(60)) == [], "any-key commit is gone")
        #expect(mapping.map(E.cc(1, 20)).first != .touch, "same tuning control: still touched")
        mapping.update(settings: try ControllerSettings(tuning: TuningControl(parsing: "cc:74")))
        #expect(mapping.map(E.cc(74, 20)).first == .touch, "a new tuning control starts untouched")
    }

    @Test("every input reads well for people")
    func descriptions() {
        #expect(TrainingInput.answer(higher: true).description == "answer: higher")
        #expect(TrainingInput.answer(higher: false).description == "answer: lower")
        #expect(TrainingInput.adjust(-0.25).description == "adjust −0.25 (−5.0 cents)")
        #expect(TrainingInput.adjust(0.5).description == "adjust +0.5 (+10.0 cents)")
        #expect(TrainingInput.command(.nextMode).description == "command: next mode")
        #expect(TrainingInput.commit.description == "commit")
        #expect(TrainingInput.touch.description.hasPrefix("touch"))
    }
}
