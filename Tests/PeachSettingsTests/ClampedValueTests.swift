import Foundation
import PeachCore
import PeachSettings
import Testing

/// noteDuration is clamped, not refused, as the domain specifies; the musician is told.
@Suite("Clamped values")
struct ClampedValueTests {
    @Test("a note duration beyond its range in the file is clamped, with a warning giving the value, range and result")
    func clampedInFile() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 10\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration.seconds == 3.0)
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): noteDuration = '10' is outside 0.3…3.0 seconds; clamped to 3.0",
        ])
        #expect(fixture.warnings.first?.kind == .clampedValue)
        await settings.refresh()
        #expect(fixture.warnings.count == 1, "not repeated before every trial")
    }

    @Test("from the environment too; a value within the range says nothing")
    func clampedInEnvironment() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 3.0\n")
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.isEmpty)
        _ = await fixture.makeSettings(environment: ["PEACH_NOTE_DURATION": "0.1"])
        #expect(fixture.warnings.map(\.description) == [
            "environment PEACH_NOTE_DURATION: noteDuration = '0.1' is outside 0.3…3.0 seconds; clamped to 0.3",
        ])
    }

    @Test("what `settings set` asks: why a value is clamped, nothing for one stored as given or refused")
    func clampReason() throws {
        let setting = try #require(SettingsCatalogue.descriptor(forKey: "noteDuration"))
        #expect(setting.clampReason(for: "10") == "is outside 0.3…3.0 seconds")
        #expect(setting.clampReason(for: "0.3") == nil)
        #expect(setting.clampReason(for: "x") == nil)
        #expect(SettingsCatalogue.descriptor(forKey: "velocity")?.clampReason(for: "300") == nil, "refused, not clamped")
    }
}
