import Foundation
import PeachCore
import PeachSettings
import Testing

@Suite("Live reload")
struct LiveReloadTests {
    @Test("an edit of the user's file is seen by the next read after refresh()")
    func editAppliesAfterRefresh() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 1.5\nintervals: [P5u]\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(settings.noteDuration == (try NoteDuration(seconds: 1.5)))

        try fixture.writeUser("noteDuration: 2.5\nintervals: [M3d, P4u]\n", modified: edit(2))
        // The getters serve the snapshot until the sessions' refresh before the next trial.
        #expect(settings.noteDuration == (try NoteDuration(seconds: 1.5)))
        await settings.refresh()
        #expect(settings.noteDuration == (try NoteDuration(seconds: 2.5)))
        #expect(settings.intervals == (try DirectedInterval.parseSet("M3d,P4u")))

        try fixture.writeUser("noteDuration: 0.5\n", modified: edit(3))
        await settings.refresh()
        #expect(settings.noteDuration == (try NoteDuration(seconds: 0.5)))
        #expect(settings.intervals == SettingDefaults.intervals)
        #expect(fixture.warnings.isEmpty)
    }

    @Test("a user file created after start-up is picked up, and its removal restores the lower layers")
    func fileAppearsAndDisappears() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("velocity: 80\n")
        let settings = await fixture.makeSettings()
        #expect(settings.velocity == (try MIDIVelocity(80)))

        try fixture.writeUser("velocity: 110\n", modified: edit(1))
        await settings.refresh()
        #expect(settings.velocity == (try MIDIVelocity(110)))
        #expect(try settings.entry(forKey: "velocity").origin.description == "user file \(fixture.userPath)")

        try FileManager.default.removeItem(atPath: fixture.userPath)
        await settings.refresh()
        #expect(settings.velocity == (try MIDIVelocity(80)))
        #expect(fixture.warnings.isEmpty)
    }

    @Test("a file malformed at start-up applies once it is fixed")
    func malformedThenFixed() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: [\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(settings.velocity == SettingDefaults.velocity)
        #expect(fixture.warnings.count == 1)

        try fixture.writeUser("velocity: 99\n", modified: edit(2))
        await settings.refresh()
        #expect(settings.velocity == (try MIDIVelocity(99)))
        #expect(fixture.warnings.count == 1)
    }

    @Test("an unchanged file is not re-read: the modification time decides")
    func unchangedTimestampKeepsSnapshot() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: 90\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        // Same timestamp: ReloadingFileProvider sees no change, which is what keeps a
        // refresh before every trial cheap.
        try fixture.writeUser("velocity: 91\n", modified: edit(1))
        await settings.refresh()
        #expect(settings.velocity == (try MIDIVelocity(90)))
    }
}
