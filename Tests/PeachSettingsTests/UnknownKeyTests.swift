import Foundation
import PeachCore
import PeachRig
@testable import PeachSettings
import Testing

@Suite("Keys that are no settings")
struct UnknownKeyTests {
    @Test("a misspelt key is a warning naming the file, the line and the nearest setting; the rest still applies")
    func misspeltKeys() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("""
            # my rig
            midi:
              portwait: 3
              channel: 2
            notADuration: 2
            portWait: forever
            """)
        let settings = await fixture.makeSettings()
        #expect(settings.rig.midiChannel == (try MIDIChannel(2)))
        let described = fixture.warnings.map(\.description)
        #expect(described == [
            "user file \(fixture.userPath), line 3: midi.portwait is not a Peach setting (did you mean midi.portWait?); "
                + "it is ignored",
            "user file \(fixture.userPath), line 5: notADuration is not a Peach setting (did you mean noteDuration?); "
                + "it is ignored",
            "user file \(fixture.userPath), line 6: portWait is not a Peach setting (did you mean midi.portWait?); "
                + "it is ignored",
        ])
        #expect(fixture.warnings.allSatisfy { $0.kind == .unknownKey })
    }

    @Test("each unknown key is reported once, not at every refresh; again when it comes back after a fix")
    func reportedOnce() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocty: 90\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        await settings.refresh()
        await settings.refresh()
        #expect(fixture.warnings.map(\.key) == ["velocty"])

        try fixture.writeUser("velocity: 90\n", modified: edit(2))
        await settings.refresh()
        #expect(settings.training.velocity == (try MIDIVelocity(90)))
        try fixture.writeUser("velocity: 90\nvelocty: 90\n", modified: edit(3))
        await settings.refresh()
        #expect(fixture.warnings.map(\.key) == ["velocty", "velocty"])
        #expect(fixture.warnings.last?.line == 2)
    }

    @Test("known keys, legacy keys, flat dotted keys and groups in flow form give no warning")
    func knownKeysAreQuiet() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("""
            noteRangeMin: C3
            midi.channel: 3
            sound: {program: 4}
            controller:
              comparison:
                mode: relativeToTarget
            intervals:
              - P5u
            """)
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.isEmpty, "\(fixture.warnings)")
        // The shipped file sets every key: none of them is unknown.
        let shipped = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../config/peach.yaml")), encoding: .utf8))
        #expect(UnknownKeys.warnings(in: shipped, source: "shipped").isEmpty)
    }

    @Test("an unknown group is reported by its keys; a value on a group is reported; a stale shipped key too")
    func groupsAndShipped() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("midii:\n  channel: 3\nsound: 4\n")
        try fixture.writeShipped("velocity: 64\noldKey: 1\n")
        _ = await fixture.makeSettings()
        let described = fixture.warnings.map(\.description)
        #expect(described.contains("shipped \(fixture.shippedPath), line 2: oldKey is not a Peach setting; it is ignored"),
                "\(described)")
        #expect(described.contains("user file \(fixture.userPath), line 2: midii.channel is not a Peach setting "
            + "(did you mean midi.channel?); it is ignored"), "\(described)")
        #expect(described.contains("user file \(fixture.userPath), line 3: sound is a group of settings "
            + "(sound.program, sound.bank), not a setting; its value is ignored"), "\(described)")
        #expect(described.count == 3)
    }

    @Test("hundreds of stray keys: the first 20 are listed, the rest counted in one warning")
    func manyStrayKeys() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser((1...300).map { "stray\($0): 1" }.joined(separator: "\n"))
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.count == UnknownKeys.listedAtMost + 1)
        #expect(fixture.warnings.last?.description
            == "user file \(fixture.userPath): 280 more keys are not Peach settings; they are ignored")
    }

    @Test("suggestions: a case slip, a typo, a forgotten group; nothing for a word far from every key")
    func suggestions() {
        let keys = SettingsCatalogue.all.map(\.key)
        #expect(KeySuggestion.nearest(to: "midi.portwait", among: keys) == "midi.portWait")
        #expect(KeySuggestion.nearest(to: "notADuration", among: keys) == "noteDuration")
        #expect(KeySuggestion.nearest(to: "refrencePitch", among: keys) == "referencePitch")
        #expect(KeySuggestion.nearest(to: "soundFont", among: keys) == "synth.soundFont")
        #expect(KeySuggestion.nearest(to: "loudness", among: keys) == nil)
        #expect(KeySuggestion.editDistance("kitten", "sitting") == 3)
        #expect(KeySuggestion.editDistance("", "abc") == 3)
    }
}
