import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

/// The hold control (controller.commands.holdStartStop, the sustain pedal by default): held
/// 2 s or longer and let go, start/stop; its press keeps its own meaning. Time is the events'
/// own kernel stamps, so these sequences say everything the mapping sees.
@Suite("Controller mapping: holding the hold control starts and stops")
struct ControllerHoldMappingTests {
    static let sustain: UInt8 = 64
    static func at(_ milliseconds: UInt64) -> UInt64 { E.millis(10_000 + milliseconds) }

    /// The tuning control moved in this trial: the tunable note sounds.
    static func tuned(_ mapping: inout ControllerMapping) {
        #expect(mapping.map(E.cc(1, 70, at: Self.at(0))).contains(.touch))
    }

    @Test("matching, the note tuned: the pedal's press commits at once; let go after 2 s it also stops")
    func commitThenStop() {
        var mapping = ControllerMapping.running(.tuning)
        Self.tuned(&mapping)
        #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(0))) == [.commit])
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(2_000))) == [.command(.startStop)])
    }

    @Test("a tap, or a hold just short of 2 s, is only the commit")
    func shortPress() {
        var mapping = ControllerMapping.running(.tuning)
        Self.tuned(&mapping)
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(0)), E.cc(Self.sustain, 0, at: Self.at(150))]) == [.commit])
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(1_000)), E.cc(Self.sustain, 0, at: Self.at(2_999))])
            == [.commit])
    }

    // Issue 34 item 4: holding the pedal to pause before the note had started recorded the
    // untouched initial offset as an answer (a junk trial) and then paused.
    @Test("matching, nothing tuned yet: the pedal's commit waits for its release; a hold pauses without committing")
    func untunedHoldOnlyPauses() {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(0))) == [], "no commit on the press")
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(2_100))) == [.command(.startStop)], "the hold pauses, and only that")
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(3_000)), E.cc(Self.sustain, 0, at: Self.at(3_150))]) == [.commit],
                "a tap still commits, on its release")
        mapping.trialStarted()
        #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(4_000))) == [])
        mapping.trialStarted()
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(4_100))) == [], "a press in an earlier trial commits nothing in this one")
    }

    @Test("comparison and paused (no session): the press means nothing, the long hold starts/stops")
    func otherSessions() {
        for session in [AnswerVocabulary.higherOrLower, nil] {
            var mapping = ControllerMapping(settings: .default, answers: session)
            #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(0))) == [], "\(String(describing: session))")
            #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(2_500))) == [.command(.startStop)])
        }
    }

    @Test("half-pedalling while held changes nothing: the hold counts from the first rise through 64")
    func halfPedalling() {
        var mapping = ControllerMapping.running(.higherOrLower)
        let held = [127, 80, 100, 64].enumerated().map { E.cc(Self.sustain, UInt8($1), at: Self.at(UInt64($0) * 600)) }
        #expect(mapping.feed(held) == [])
        #expect(mapping.map(E.cc(Self.sustain, 30, at: Self.at(2_000))) == [.command(.startStop)])
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(5_000))) == [], "a second release is no second hold")
    }

    @Test("without a stamp on the press or the release nothing is measured, so nothing stops")
    func noTimestamps() {
        var mapping = ControllerMapping.running(.higherOrLower)
        #expect(mapping.feed([E.cc(Self.sustain, 127), E.cc(Self.sustain, 0, at: Self.at(9_000))]) == [])
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(10_000)), E.cc(Self.sustain, 0)]) == [])
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(20_000)), E.cc(Self.sustain, 0, at: Self.at(19_000))]) == [],
                "a release stamped before its press")
    }

    @Test("a key as the hold control: its press answers as before, its release (note-off or velocity 0) after 2 s stops")
    func keyHold() throws {
        let c1 = try MIDINote(parsing: "C1")
        let settings = try ControllerSettings(holdStartStop: .note(c1))
        var mapping = ControllerMapping.running(.higherOrLower, settings)
        mapping.targetChanged(try MIDINote(parsing: "C4"))
        #expect(mapping.map(E.noteOn(c1, at: Self.at(0))) == [.answer(higher: false)])
        #expect(mapping.map(E.noteOff(c1, at: Self.at(2_000))) == [.command(.startStop)])
        #expect(mapping.feed([E.noteOn(c1, at: Self.at(3_000)), E.noteOn(c1, velocity: 0, at: Self.at(6_000))])
            == [.answer(higher: false), .command(.startStop)])
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(7_000)), E.cc(Self.sustain, 0, at: Self.at(9_500))]) == [],
                "the pedal is no hold control now")
    }

    @Test("holdStartStop none: a long hold is only the commit")
    func switchedOff() throws {
        var mapping = ControllerMapping.running(.tuning, try ControllerSettings(holdStartStop: nil))
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(0)), E.cc(Self.sustain, 0, at: Self.at(5_000))]) == [.commit])
    }

    @Test("off where the control has a meaning of its own: a command on its press, or the tuning control")
    func inactive() throws {
        let command = try ControllerSettings(commit: [.anyKey], commands: [.startStop: .sustainPedal])
        #expect(command.activeHoldStartStop == nil)
        var mapping = ControllerMapping.running(.higherOrLower, command)
        #expect(mapping.feed([E.cc(Self.sustain, 127, at: Self.at(0)), E.cc(Self.sustain, 0, at: Self.at(3_000))])
            == [.command(.startStop)], "one toggle for one press, not a second one on the release")
        let tuning = try ControllerSettings(tuning: TuningControl(parsing: "cc:64"), commit: [.anyKey])
        #expect(tuning.activeHoldStartStop == nil)
        #expect(ControllerSettings.default.activeHoldStartStop == .sustainPedal)
        #expect(ControllerSettings.default.summary.contains("start/stop: hold the sustain pedal 2 s, then let go"))
    }

    @Test("a program change cannot be held: it has no release")
    func programChangeRefused() throws {
        let program = try ControllerButton(parsing: "program:3")
        #expect(throws: DomainValueError.self) { try ControllerSettings(holdStartStop: program) }
    }

    @Test("other channels and ports do not release the hold; new settings forget a press")
    func filtersAndSettings() throws {
        var mapping = ControllerMapping(settings: try ControllerSettings(channel: MIDIChannel(1)), source: E.keyboard,
                                        answers: .higherOrLower)
        #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(0))) == [])
        #expect(mapping.map(E.cc(Self.sustain, 0, channel: 1, at: Self.at(3_000))) == [], "channel 2")
        #expect(mapping.map(E.event(.controlChange(channel: 0, controller: Self.sustain, value: 0), from: E.otherPort,
                                    at: Self.at(3_000))) == [])
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(3_000))) == [.command(.startStop)])

        #expect(mapping.map(E.cc(Self.sustain, 127, at: Self.at(4_000))) == [])
        mapping.update(settings: try ControllerSettings(channel: MIDIChannel(1), holdStartStop: .note(MIDINote(24))))
        mapping.update(settings: try ControllerSettings(channel: MIDIChannel(1)))
        #expect(mapping.map(E.cc(Self.sustain, 0, at: Self.at(7_000))) == [], "the press before the change is forgotten")
    }
}
