import PeachCore
import PeachRig
import PeachSettings
import Testing

/// Distinct valid values of one setting for each layer, as each layer spells them, and the
/// canonical text each resolves to.
struct LayerSample: Sendable, CustomTestStringConvertible {
    let key: String
    let environment: (text: String, canonical: String)
    let user: (yaml: String, canonical: String)
    let shipped: (yaml: String, canonical: String)

    var testDescription: String { key }
}

extension LayerSample {
    static let all: [LayerSample] = [
        .init(key: "noteRange.lower", environment: ("D2", "D2"), user: ("E2", "E2"), shipped: ("41", "F2")),
        .init(key: "noteRange.upper", environment: ("D6", "D6"), user: ("Eb6", "D#6"), shipped: ("F6", "F6")),
        .init(key: "noteDuration", environment: ("1.5", "1.5"), user: ("2", "2.0"), shipped: ("0.5", "0.5")),
        .init(key: "referencePitch", environment: ("442", "442.0"), user: ("415.3", "415.3"), shipped: ("430", "430.0")),
        .init(key: "varyLoudness", environment: ("0.5", "0.5"), user: ("0.25", "0.25"), shipped: ("1", "1.0")),
        .init(key: "intervals", environment: ("P5u,M3d", "P5u,M3d"), user: ("[P4d, m2u]", "P4d,m2u"), shipped: ("P8u", "P8u")),
        .init(key: "tuningSystem", environment: ("justIntonation", "justIntonation"),
              user: ("justIntonation", "justIntonation"), shipped: ("justIntonation", "justIntonation")),
        .init(key: "tuning", environment: ("meantone-1/4", "meantone-1/4"),
              user: ("Werckmeister-III", "werckmeister-iii"), shipped: ("vallotti", "vallotti")),
        .init(key: "noteGap", environment: ("0.5", "0.5"), user: ("1", "1.0"), shipped: ("2.5", "2.5")),
        .init(key: "velocity", environment: ("100", "100"), user: ("90", "90"), shipped: ("80", "80")),
        .init(key: "rhythm.tempo", environment: ("120", "120"), user: ("100", "100"), shipped: ("90", "90")),
        .init(key: "rhythm.clickVelocity", environment: ("110", "110"), user: ("90", "90"), shipped: ("70", "70")),
        .init(key: "midi.outputPort", environment: ("Env Synth", "Env Synth"),
              user: ("\"User Synth:0\"", "User Synth:0"), shipped: ("Shipped Synth", "Shipped Synth")),
        .init(key: "midi.inputPort", environment: ("Env Keys", "Env Keys"),
              user: ("'User Keys'", "User Keys"), shipped: ("Shipped Keys", "Shipped Keys")),
        .init(key: "midi.channel", environment: ("10", "10"), user: ("2", "2"), shipped: ("3", "3")),
        .init(key: "midi.pitchBendRange", environment: ("12", "12"), user: ("24", "24"), shipped: ("1", "1")),
        .init(key: "midi.pitchResolution", environment: ("1", "1.0"), user: ("0.5", "0.5"), shipped: ("AUTO", "auto")),
        .init(key: "midi.portWait", environment: ("forever", "forever"), user: ("30", "30.0"), shipped: ("0", "0")),
        .init(key: "midi.realtimePriority", environment: ("off", "off"), user: ("70", "70"), shipped: ("50", "50")),
        .init(key: "sound.program", environment: ("40", "40"), user: ("41", "41"), shipped: ("127", "127")),
        .init(key: "sound.bank", environment: ("1", "1"), user: ("16383", "16383"), shipped: ("2", "2")),
        .init(key: "controller.channel", environment: ("10", "10"), user: ("2", "2"), shipped: ("16", "16")),
        // Alone, explicit mode lacks its buttons, so every layer names the other mode.
        .init(key: "controller.comparison.mode", environment: ("RelativeToTarget", "relativeToTarget"),
              user: ("relativeToTarget", "relativeToTarget"), shipped: ("relativetotarget", "relativeToTarget")),
        .init(key: "controller.comparison.higher", environment: ("note:C5", "note:C5"),
              user: ("\"cc:81\"", "cc:81"), shipped: ("\"program:3\"", "program:3")),
        .init(key: "controller.comparison.lower", environment: ("note:60", "note:C4"),
              user: ("\"note:Bb3\"", "note:A#3"), shipped: ("sustain", "sustain")),
        .init(key: "controller.matching.control", environment: ("cc14:16", "cc14:16"),
              user: ("\"encoder:20:binaryOffset:0.5\"", "encoder:20:binaryOffset:0.5"),
              shipped: ("\"pitchWheelRate:200\"", "pitchWheelRate:200.0")),
        .init(key: "controller.matching.commit", environment: ("sustain, note:C5", "sustain,note:C5"),
              user: ("[anyKey]", "anyKey"), shipped: ("\"cc:65\"", "cc:65")),
        .init(key: "controller.commands.startStop", environment: ("program:0", "program:0"),
              user: ("\"note:C1\"", "note:C1"), shipped: ("\"cc:80\"", "cc:80")),
        .init(key: "controller.commands.nextMode", environment: ("program:1", "program:1"),
              user: ("\"note:D1\"", "note:D1"), shipped: ("\"cc:81\"", "cc:81")),
        .init(key: "controller.commands.quit", environment: ("program:2", "program:2"),
              user: ("\"note:E1\"", "note:E1"), shipped: ("\"cc:82\"", "cc:82")),
        .init(key: "controller.commands.holdStartStop", environment: ("note:C1", "note:C1"),
              user: ("\"cc:80\"", "cc:80"), shipped: ("off", "none")),
        .init(key: "controller.rhythm.tap", environment: ("note:D1", "note:D1"),
              user: ("sustain", "sustain"), shipped: ("anyKey", "anyKey")),
        .init(key: "train.mode", environment: ("interval-matching", "interval-matching"),
              user: ("intervalComparison", "interval-comparison"), shipped: ("matching", "matching")),
        .init(key: "train.trials", environment: ("5", "5"), user: ("20", "20"), shipped: ("0", "0")),
        .init(key: "train.json", environment: ("1", "true"), user: ("yes", "true"), shipped: ("true", "true")),
        .init(key: "train.focus", environment: ("weak", "weak"), user: ("none", "none"), shipped: ("weak", "weak")),
        .init(key: "synth.autoStart", environment: ("false", "false"), user: ("off", "false"), shipped: ("no", "false")),
        .init(key: "synth.engine", environment: ("FluidSynth", "fluidsynth"), user: ("amsynth", "amsynth"), shipped: ("auto", "auto")),
        .init(key: "synth.soundFont", environment: ("/env.sf2", "/env.sf2"),
              user: ("\"/home/u/piano.sf2\"", "/home/u/piano.sf2"), shipped: ("\"/usr/share/x.sf2\"", "/usr/share/x.sf2")),
        .init(key: "synth.audioDriver", environment: ("file", "file"), user: ("pipewire", "pipewire"), shipped: ("alsa", "alsa")),
        .init(key: "feedback.channel", environment: ("off", "off"), user: ("16", "16"), shipped: ("OFF", "off")),
        .init(key: "feedback.positiveNote", environment: ("C5", "72"), user: ("81", "81"), shipped: ("56", "56")),
        .init(key: "feedback.negativeNote", environment: ("60", "60"), user: ("D4", "62"), shipped: ("57", "57")),
        .init(key: "feedback.nearCents", environment: ("5", "5.0"), user: ("2.5", "2.5"), shipped: ("20", "20.0")),
    ]
}

@Suite("Layer precedence")
struct PrecedenceTests {
    @Test("every setting has a precedence sample")
    func samplesCoverTheCatalogue() {
        #expect(LayerSample.all.map(\.key) == SettingsCatalogue.all.map(\.key))
    }

    @Test("environment over user file over shipped file over default, with the source", arguments: LayerSample.all)
    func highestLayerWins(sample: LayerSample) async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let variable = try #require(SettingsCatalogue.descriptor(forKey: sample.key)).environmentVariable
        let environment = [variable: sample.environment.text]

        // No layer holds it: the built-in default.
        var settings = await fixture.makeSettings(environment: [:])
        var entry = try settings.entry(forKey: sample.key)
        #expect(entry.value == SettingsCatalogue.descriptor(forKey: sample.key)?.defaultText)
        #expect(entry.origin == .builtInDefault)
        #expect(entry.origin.description == "default")

        try fixture.writeShipped(yaml(sample.key, sample.shipped.yaml))
        settings = await fixture.makeSettings(environment: [:])
        entry = try settings.entry(forKey: sample.key)
        #expect(entry.value == sample.shipped.canonical)
        #expect(entry.origin == .source(SettingSource(layer: .shippedFile, location: fixture.shippedPath)))
        #expect(entry.origin.description == "shipped \(fixture.shippedPath)")

        try fixture.writeUser(yaml(sample.key, sample.user.yaml))
        settings = await fixture.makeSettings(environment: [:])
        entry = try settings.entry(forKey: sample.key)
        #expect(entry.value == sample.user.canonical)
        #expect(entry.origin.description == "user file \(fixture.userPath)")

        settings = await fixture.makeSettings(environment: environment)
        entry = try settings.entry(forKey: sample.key)
        #expect(entry.value == sample.environment.canonical)
        #expect(entry.origin.description == "environment \(variable)")
        #expect(entry.environmentVariable == variable)

        #expect(fixture.warnings.count == 0)
    }

    @Test("environment variable names follow swift-configuration's encoding")
    func environmentVariableNames() {
        #expect(SettingsCatalogue.all.map(\.environmentVariable) == [
            "PEACH_NOTE_RANGE_LOWER", "PEACH_NOTE_RANGE_UPPER", "PEACH_NOTE_DURATION", "PEACH_REFERENCE_PITCH",
            "PEACH_VARY_LOUDNESS", "PEACH_INTERVALS", "PEACH_TUNING_SYSTEM", "PEACH_TUNING", "PEACH_NOTE_GAP", "PEACH_VELOCITY",
            "PEACH_RHYTHM_TEMPO", "PEACH_RHYTHM_CLICK_VELOCITY", "PEACH_MIDI_OUTPUT_PORT", "PEACH_MIDI_INPUT_PORT", "PEACH_MIDI_CHANNEL", "PEACH_MIDI_PITCH_BEND_RANGE",
            "PEACH_MIDI_PITCH_RESOLUTION", "PEACH_MIDI_PORT_WAIT", "PEACH_MIDI_REALTIME_PRIORITY", "PEACH_SOUND_PROGRAM", "PEACH_SOUND_BANK", "PEACH_CONTROLLER_CHANNEL", "PEACH_CONTROLLER_COMPARISON_MODE",
            "PEACH_CONTROLLER_COMPARISON_HIGHER", "PEACH_CONTROLLER_COMPARISON_LOWER", "PEACH_CONTROLLER_MATCHING_CONTROL",
            "PEACH_CONTROLLER_MATCHING_COMMIT", "PEACH_CONTROLLER_COMMANDS_START_STOP",
            "PEACH_CONTROLLER_COMMANDS_NEXT_MODE", "PEACH_CONTROLLER_COMMANDS_QUIT", "PEACH_CONTROLLER_COMMANDS_HOLD_START_STOP",
            "PEACH_CONTROLLER_RHYTHM_TAP", "PEACH_TRAIN_MODE", "PEACH_TRAIN_TRIALS", "PEACH_TRAIN_JSON", "PEACH_TRAIN_FOCUS", "PEACH_SYNTH_AUTO_START", "PEACH_SYNTH_ENGINE",
            "PEACH_SYNTH_SOUND_FONT", "PEACH_SYNTH_AUDIO_DRIVER", "PEACH_FEEDBACK_CHANNEL",
            "PEACH_FEEDBACK_POSITIVE_NOTE", "PEACH_FEEDBACK_NEGATIVE_NOTE", "PEACH_FEEDBACK_NEAR_CENTS",
        ])
    }

    @Test("the typed properties carry the resolved values")
    func typedProperties() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let environment = Dictionary(uniqueKeysWithValues: LayerSample.all.map { sample in
            (SettingsCatalogue.environmentVariable(for: sample.key), sample.environment.text)
        })
        let settings = await fixture.makeSettings(environment: environment)

        #expect(settings.training.noteRange == (try NoteRange(lower: MIDINote(parsing: "D2"), upper: MIDINote(parsing: "D6"))))
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))
        #expect(settings.training.referencePitch == (try Frequency(hertz: 442)))
        #expect(settings.training.varyLoudness == (try UnitInterval(0.5)))
        #expect(settings.training.intervals == (try DirectedInterval.parseSet("P5u,M3d")))
        #expect(settings.training.tuningSystem == .justIntonation)
        #expect(settings.training.noteGap == (try NoteGap(seconds: 0.5)))
        #expect(settings.training.velocity == (try MIDIVelocity(100)))
        #expect(settings.rig.outputPort == "Env Synth")
        #expect(settings.rig.inputPort == "Env Keys")
        #expect(settings.rig.midiChannel == (try MIDIChannel(10)))
        #expect(settings.rig.pitchBendRange == (try PitchBendRange(semitones: 12)))
        #expect(settings.rig.sound == (try SoundSelection(program: 40, bank: 1)))
        #expect(settings.rig.controller == (try ControllerSettings(
            channel: MIDIChannel(10), comparisonMode: .relativeToTarget,
            higher: .note(MIDINote(parsing: "C5")), lower: .note(60),
            tuning: TuningControl(.absoluteCC(controller: 16, fourteenBit: true)),
            commit: [.button(.sustainPedal), .button(.note(72))],
            commands: [.startStop: ControllerButton(.programChange, 0), .nextMode: ControllerButton(.programChange, 1),
                       .quit: ControllerButton(.programChange, 2)],
            holdStartStop: .note(MIDINote(parsing: "C1")), tap: .note(MIDINote(parsing: "D1")))))
        #expect(fixture.warnings.count == 0)
    }

    @Test("an empty port is an explicit 'pick one' that overrides a lower layer")
    func emptyPortOverrides() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(yaml("midi.outputPort", "\"My Synth\""))
        let settings = await fixture.makeSettings(environment: ["PEACH_MIDI_OUTPUT_PORT": ""])
        #expect(settings.rig.outputPort == nil)
        #expect(try settings.entry(forKey: "midi.outputPort").origin.description == "environment PEACH_MIDI_OUTPUT_PORT")
    }

    @Test("a blank value is not set, so the next layer decides")
    func blankValueIsUnset() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteDuration: 2.0\nvelocity: 80\n")
        try fixture.writeUser("noteDuration:\nvelocity: ~\n")
        let settings = await fixture.makeSettings(environment: ["PEACH_NOTE_DURATION": ""])
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2)))
        #expect(settings.training.velocity == (try MIDIVelocity(80)))
        #expect(fixture.warnings.count == 0)
    }

    @Test("a file holding only comments is an empty layer, not an error")
    func commentOnlyFile() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("# nothing yet\n\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == TrainingSettings.defaults.noteDuration)
        #expect(fixture.warnings.count == 0)
    }
}
