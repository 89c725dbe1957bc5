import PeachCore
import PeachRig
import Testing

@Suite("Controller settings")
struct ControllerSettingsTests {
    @Test("buttons parse from every spelling and print canonically", arguments: [
        ("note:C5", "note:C5"), ("NOTE:c#5", "note:C#5"), ("note:Bb3", "note:A#3"), ("note:60", "note:C4"),
        ("cc:65", "cc:65"), ("cc:64", "sustain"), ("Sustain", "sustain"), ("program:0", "program:0"),
        (" program:127 ", "program:127"),
    ])
    func buttonsRoundTrip(text: String, canonical: String) throws {
        let button = try ControllerButton(parsing: text)
        #expect(button.text == canonical)
        #expect(try ControllerButton(parsing: canonical) == button)
    }

    @Test("bad buttons are refused with what was wrong", arguments: [
        ("key:C5", "not a valid controller button"), ("cc", "not a valid controller button"),
        ("cc:x", "not a valid controller button"), ("cc:120", "120…127 are channel mode messages"),
        ("program:128", "program change 128 is out of range"), ("note:H2", "not a valid note"),
        ("note:200", "MIDI note 200 is out of range"),
    ])
    func badButtons(text: String, message: String) {
        #expect {
            try ControllerButton(parsing: text)
        } throws: { error in
            (error as? DomainValueError)?.description.contains(message) == true
        }
    }

    @Test("tuning controls parse and print canonically", arguments: [
        ("modWheel", "modWheel"), ("cc14:1", "modWheel"), ("cc:74", "cc:74"), ("cc14:16", "cc14:16"),
        ("encoder:20:twosComplement:1.0", "encoder:20:twosComplement:1.0"),
        ("encoder:21:binaryoffset", "encoder:21:binaryOffset:1.0"), ("pitchWheelRate:200", "pitchWheelRate:200.0"),
    ])
    func tuningRoundTrip(text: String, canonical: String) throws {
        let control = try TuningControl(parsing: text)
        #expect(control.text == canonical)
        #expect(try TuningControl(parsing: canonical) == control)
    }

    @Test("bad tuning controls are refused", arguments: [
        "wheel", "cc:", "cc:128", "cc14:32", "encoder:20", "encoder:20:gray:1", "encoder:20:twosComplement:0",
        "encoder:20:twosComplement:21", "encoder:20:twosComplement:nan", "pitchWheelRate:0", "pitchWheelRate:inf", "",
    ])
    func badTuningControls(text: String) {
        #expect(throws: DomainValueError.self) { try TuningControl(parsing: text) }
    }

    @Test("the 14-bit CCs of a tuning control")
    func tuningControllers() throws {
        #expect(TuningControl.modWheel.controllers == [1, 33])
        #expect(try TuningControl(parsing: "cc:74").controllers == [74])
        #expect(try TuningControl(parsing: "pitchWheelRate:100").controllers.isEmpty)
    }

    @Test("commit lists: at least one, none twice")
    func commitLists() throws {
        #expect(try CommitTrigger.list(parsing: ["sustain", " anyKey"]) == [.button(.sustainPedal), .anyKey])
        #expect(throws: DomainValueError.self) { try CommitTrigger.list(parsing: []) }
        #expect(throws: DomainValueError.self) { try CommitTrigger.list(parsing: ["", " "]) }
        #expect(throws: DomainValueError.self) { try CommitTrigger.list(parsing: ["sustain", "cc:64"]) }
    }

    @Test("channel: omni or 1…16")
    func channels() throws {
        #expect(try ControllerSettings.channel(parsing: "omni") == nil)
        #expect(try ControllerSettings.channel(parsing: "16") == (try MIDIChannel(16)))
        #expect(throws: DomainValueError.self) { try ControllerSettings.channel(parsing: "17") }
        #expect(throws: DomainValueError.self) { try ControllerSettings.channel(parsing: "all") }
    }

    @Test("the defaults: relative to target, mod wheel, sustain or any key, no commands on a press, a 2 s hold of the sustain pedal starts/stops, omni")
    func defaults() {
        let controller = RigSettings.defaults.controller
        #expect(controller.channel == nil)
        #expect(controller.comparisonMode == .relativeToTarget)
        #expect(controller.tuning == .modWheel)
        #expect(controller.commit == [.button(.sustainPedal), .anyKey])
        #expect(controller.commands.isEmpty)
        #expect(controller.holdStartStop == .sustainPedal)
        #expect(controller.activeHoldStartStop == .sustainPedal)
        #expect(controller.tap == nil)
        #expect(controller.summary.count == 5)
        #expect(controller.summary.contains("rhythm: any key or pad taps; a key below middle C answers early, from middle C up late"))
    }

    @Test("combinations where a control would mean two things are refused")
    func conflicts() throws {
        let cc80 = try ControllerButton(.controlChange, 80)
        let c1 = ControllerButton.note(24)
        #expect(throws: DomainValueError.self) { try ControllerSettings(comparisonMode: .explicit, higher: cc80) }
        #expect(throws: DomainValueError.self) {
            try ControllerSettings(comparisonMode: .explicit, higher: cc80, lower: cc80)
        }
        #expect(throws: DomainValueError.self) { try ControllerSettings(commands: [.quit: .sustainPedal]) }
        #expect(throws: DomainValueError.self) { try ControllerSettings(commands: [.quit: c1, .startStop: c1]) }
        #expect(throws: DomainValueError.self) {
            try ControllerSettings(comparisonMode: .explicit, higher: cc80, lower: c1, commands: [.nextMode: cc80])
        }
        #expect(throws: DomainValueError.self) {
            try ControllerSettings(tuning: TuningControl(parsing: "cc:64"))
        }
        #expect(throws: DomainValueError.self) { try ControllerSettings(commit: []) }
        // Comparison buttons may double as matching controls: one session runs at a time.
        let shared = try ControllerSettings(comparisonMode: .explicit, higher: .sustainPedal, lower: cc80,
                                            tuning: TuningControl(parsing: "cc:80"))
        #expect(shared.higher == .sustainPedal)
        // A command on a key is allowed next to any-key commit: the command takes precedence.
        #expect(try ControllerSettings(commands: [.startStop: c1]).commands[.startStop] == c1)
    }
}
