import PeachCore
import PeachSettings
import Testing

@Suite("Legacy keys")
struct LegacyKeyTests {
    @Test("noteRangeMin and noteRangeMax are read when the new keys are absent")
    func legacyKeysAreRead() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteRangeMin: C3\nnoteRangeMax: 96\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteRange == (try NoteRange(lower: MIDINote(parsing: "C3"), upper: MIDINote(parsing: "C7"))))
        #expect(try settings.entry(forKey: "noteRange.lower").origin.description
            == "user file \(fixture.userPath) (legacy key noteRangeMin)")
        #expect(fixture.warnings.isEmpty)
    }

    @Test("in the same layer the new key wins over the legacy one")
    func newKeyWinsInSameLayer() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteRangeMin: C3\nnoteRange:\n  lower: D3\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteRange.lower == (try MIDINote(parsing: "D3")))
        #expect(try settings.entry(forKey: "noteRange.lower").origin.description == "user file \(fixture.userPath)")
    }

    @Test("a higher layer's legacy key wins over a lower layer's new key")
    func higherLayerLegacyWins() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteRange:\n  lower: C2\n  upper: C6\n")
        try fixture.writeUser("noteRangeMax: C7\n")
        var settings = await fixture.makeSettings()
        #expect(settings.training.noteRange.upper == (try MIDINote(parsing: "C7")))

        settings = await fixture.makeSettings(environment: ["PEACH_NOTE_RANGE_MIN": "E2"])
        #expect(settings.training.noteRange.lower == (try MIDINote(parsing: "E2")))
        #expect(try settings.entry(forKey: "noteRange.lower").origin.description == "environment PEACH_NOTE_RANGE_MIN")
    }

    @Test("a lower layer's legacy key does not beat a higher layer's new key")
    func lowerLayerLegacyLoses() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteRangeMin: E2\n")
        try fixture.writeUser("noteRange:\n  lower: G2\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteRange.lower == (try MIDINote(parsing: "G2")))
    }

    @Test("an invalid legacy value warns under the key as written")
    func invalidLegacyValue() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteRangeMin: Q3\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteRange == TrainingSettings.defaults.noteRange)
        #expect(fixture.warnings.map(\.key) == ["noteRangeMin"])
    }

    @Test("get accepts the legacy spelling")
    func legacyLookup() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()
        #expect(try settings.entry(forKey: "noteRangeMax").key == "noteRange.upper")
    }
}
