import Foundation
import PeachCore
import PeachRig
import PeachSettings
import Testing

/// A bad value in the user's file, and what must happen: the key's default.
struct BadValue: Sendable, CustomTestStringConvertible {
    let kind: String
    let key: String
    let yaml: String
    /// The value as the warning quotes it.
    let written: String

    var testDescription: String { kind }

    static let all: [BadValue] = [
        .init(kind: "wrong type: list for a number", key: "noteDuration", yaml: "[1, 2]", written: "[1, 2]"),
        .init(kind: "wrong type: word for a number", key: "velocity", yaml: "loud", written: "loud"),
        .init(kind: "wrong type: fraction for a whole number", key: "midi.channel", yaml: "1.5", written: "1.5"),
        .init(kind: "out of range", key: "velocity", yaml: "200", written: "200"),
        .init(kind: "out of range reference pitch", key: "referencePitch", yaml: "4400", written: "4400"),
        .init(kind: "out of range bank", key: "sound.bank", yaml: "16384", written: "16384"),
        .init(kind: "not finite", key: "noteDuration", yaml: "nan", written: "nan"),
        .init(kind: "unknown interval", key: "intervals", yaml: "[P5u, X9u]", written: "[P5u, X9u]"),
        .init(kind: "empty interval list", key: "intervals", yaml: "[]", written: "[]"),
        .init(kind: "unknown tuning system", key: "tuningSystem", yaml: "pythagorean", written: "pythagorean"),
        .init(kind: "malformed note", key: "noteRange.lower", yaml: "H2", written: "H2"),
        .init(kind: "controller channel 0", key: "controller.channel", yaml: "0", written: "0"),
        .init(kind: "controller channel word", key: "controller.channel", yaml: "all", written: "all"),
        .init(kind: "unknown comparison mode", key: "controller.comparison.mode", yaml: "above", written: "above"),
        .init(kind: "malformed button", key: "controller.comparison.higher", yaml: "\"key:C5\"", written: "key:C5"),
        .init(kind: "button on a channel mode CC", key: "controller.commands.quit", yaml: "\"cc:123\"", written: "cc:123"),
        .init(kind: "program change out of range", key: "controller.commands.startStop", yaml: "\"program:128\"",
              written: "program:128"),
        .init(kind: "a program change cannot be held", key: "controller.commands.holdStartStop", yaml: "\"program:1\"",
              written: "program:1"),
        .init(kind: "unknown encoder form", key: "controller.matching.control", yaml: "\"encoder:20:gray\"",
              written: "encoder:20:gray"),
        .init(kind: "14-bit pair above 31", key: "controller.matching.control", yaml: "\"cc14:40\"", written: "cc14:40"),
        .init(kind: "encoder step beyond the span", key: "controller.matching.control",
              yaml: "\"encoder:20:twosComplement:50\"", written: "encoder:20:twosComplement:50"),
        .init(kind: "commit listed twice", key: "controller.matching.commit", yaml: "[sustain, \"cc:64\"]",
              written: "[sustain, cc:64]"),
        .init(kind: "empty commit list", key: "controller.matching.commit", yaml: "[]", written: "[]"),
    ]
}

@Suite("Invalid values")
struct InvalidValueTests {
    @Test("an invalid value gives the default and exactly one warning, not repeated by refresh", arguments: BadValue.all)
    func invalidValueFallsBackToDefault(bad: BadValue) async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let setting = try #require(SettingsCatalogue.descriptor(forKey: bad.key))
        try fixture.writeUser(yaml(bad.key, bad.yaml))

        let settings = await fixture.makeSettings()
        let entry = try settings.entry(forKey: bad.key)
        #expect(entry.value == setting.defaultText)
        #expect(entry.origin.description == "default (invalid value in user file \(fixture.userPath))")

        #expect(fixture.warnings.count == 1)
        let warning = try #require(fixture.warnings.first)
        #expect(warning.source == "user file \(fixture.userPath)")
        #expect(warning.key == bad.key)
        #expect(warning.value == bad.written)
        #expect(warning.description.contains(fixture.userPath))
        #expect(warning.description.contains(bad.key))
        #expect(warning.description.contains(bad.written))
        #expect(warning.description.contains(setting.defaultText))

        await settings.refresh()
        await settings.refresh()
        #expect(fixture.warnings.count == 1)
    }

    @Test("an invalid value falls back to the default, not to the lower layer's value")
    func fallbackSkipsLowerLayers() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteDuration: 2.0\n")
        try fixture.writeUser("noteDuration: abc\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == TrainingSettings.defaults.noteDuration)
        #expect(fixture.warnings.count == 1)
    }

    @Test("only the invalid key falls back; the file's other keys apply")
    func otherKeysStillApply() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: 999\nnoteDuration: 2.5\nmidi:\n  channel: 0\n  pitchBendRange: 12\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == TrainingSettings.defaults.velocity)
        #expect(settings.rig.midiChannel == RigSettings.defaults.midiChannel)
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2.5)))
        #expect(settings.rig.pitchBendRange == (try PitchBendRange(semitones: 12)))
        #expect(fixture.warnings.count == 2)
    }

    @Test("an invalid environment variable names the variable")
    func invalidEnvironmentVariable() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 2.0\n")
        let settings = await fixture.makeSettings(environment: ["PEACH_NOTE_DURATION": "NaN"])
        #expect(settings.training.noteDuration == TrainingSettings.defaults.noteDuration)
        #expect(try settings.entry(forKey: "noteDuration").origin.description
            == "default (invalid value in environment PEACH_NOTE_DURATION)")
        #expect(fixture.warnings.map(\.source) == ["environment PEACH_NOTE_DURATION"])
        #expect(fixture.warnings.first?.value == "NaN")
        #expect(fixture.warnings.first?.reason == "note duration must be a finite number")
    }

    @Test("a note range narrower than an octave puts both bounds back to the default, with one warning")
    func narrowNoteRange() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteRange:\n  lower: C4\n  upper: D4\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteRange == TrainingSettings.defaults.noteRange)
        #expect(fixture.warnings.count == 1)
        let warning = try #require(fixture.warnings.first)
        #expect(warning.source == "user file \(fixture.userPath)")
        #expect(warning.description.contains("noteRange.lower and noteRange.upper"))
        #expect(warning.description.contains("C4, D4"))
        #expect(warning.reason.contains("narrower than 12 semitones"))
        for key in ["noteRange.lower", "noteRange.upper"] {
            #expect(try settings.entry(forKey: key).origin.description
                == "default (invalid value in user file \(fixture.userPath))")
        }
        await settings.refresh()
        #expect(fixture.warnings.count == 1)
    }

    @Test("one bound from the environment can make the range invalid; the warning names that source")
    func noteRangeAcrossLayers() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteRange:\n  lower: C2\n  upper: C6\n")
        let settings = await fixture.makeSettings(environment: ["PEACH_NOTE_RANGE_LOWER": "B5"])
        #expect(settings.training.noteRange == TrainingSettings.defaults.noteRange)
        #expect(fixture.warnings.map(\.source)
            == ["environment PEACH_NOTE_RANGE_LOWER and shipped \(fixture.shippedPath)"])
        #expect(try settings.entry(forKey: "noteRange.upper").origin.description
            == "default (invalid value in shipped \(fixture.shippedPath))")
    }

    @Test("a note range outside A0…C8 is invalid")
    func noteRangeOutsidePiano() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings(environment: ["PEACH_NOTE_RANGE_LOWER": "0"])
        #expect(settings.training.noteRange == TrainingSettings.defaults.noteRange)
        #expect(fixture.warnings.count == 1)
    }

    @Test("a new bad value warns again; a persisting one does not")
    func newBadValueWarnsAgain() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: 200\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(fixture.warnings.count == 1)

        try fixture.writeUser("velocity: 300\n", modified: edit(2))
        await settings.refresh()
        #expect(fixture.warnings.count == 2)
        #expect(fixture.warnings.last?.value == "300")

        await settings.refresh()
        #expect(fixture.warnings.count == 2)

        try fixture.writeUser("velocity: 300\nnoteGap: 0.5\n", modified: edit(3))
        await settings.refresh()
        #expect(fixture.warnings.count == 2)
        #expect(settings.training.noteGap == (try NoteGap(seconds: 0.5)))
    }

    @Test("a malformed user file warns once, naming the file and the parse error, and is ignored")
    func malformedFileAtStart() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteDuration: 2.0\n")
        try fixture.writeUser("noteDuration: [1\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2)))
        #expect(fixture.warnings.count == 1)
        let warning = try #require(fixture.warnings.first)
        #expect(warning.source == "user file \(fixture.userPath)")
        #expect(warning.key == nil)
        #expect(warning.reason.contains("did not find expected ',' or ']'"))
        #expect(warning.reason.contains("2:1"))

        await settings.refresh()
        await settings.refresh()
        #expect(fixture.warnings.count == 1)
    }

    @Test("a user file that turns malformed keeps its last good values and warns once")
    func malformedFileKeepsLastGood() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 2.5\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2.5)))

        try fixture.writeUser("noteDuration: 1.5\nvelocity: : :\n", modified: edit(2))
        await settings.refresh()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2.5)))
        #expect(fixture.warnings.count == 1)
        #expect(fixture.warnings.first?.description.contains(fixture.userPath) == true)
        #expect(fixture.warnings.first?.description.contains("keeping its last readable settings") == true)

        await settings.refresh()
        #expect(fixture.warnings.count == 1)

        try fixture.writeUser("noteDuration: 1.5\n", modified: edit(3))
        await settings.refresh()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))
        #expect(fixture.warnings.count == 1)
    }

    @Test("a malformed shipped file warns once and leaves the defaults")
    func malformedShippedFile() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("- just\n- a list\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == TrainingSettings.defaults.noteDuration)
        #expect(fixture.warnings.map(\.source) == ["shipped \(fixture.shippedPath)"])
        await settings.refresh()
        #expect(fixture.warnings.count == 1)
    }
}
