import Foundation
import PeachCore
import PeachSettings
import Testing

@Suite("Live reload")
struct LiveReloadTests {
    @Test("an edit of the user's file is in the next trial's snapshot; the snapshot already taken stays as it was")
    func editAppliesAtTheNextSnapshot() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 1.5\nintervals: [P5u]\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))

        let running = await settings.snapshot()
        try fixture.writeUser("noteDuration: 2.5\nintervals: [M3d, P4u]\n", modified: edit(2))
        // The getters serve the last resolution until a session takes the next trial's snapshot.
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))
        let next = await settings.snapshot()
        #expect(next.noteDuration == (try NoteDuration(seconds: 2.5)))
        #expect(next.intervals == (try DirectedInterval.parseSet("M3d,P4u")))
        #expect(settings.training == next)
        #expect(running.noteDuration == (try NoteDuration(seconds: 1.5)), "a trial's snapshot is a value")

        try fixture.writeUser("noteDuration: 0.5\n", modified: edit(3))
        await settings.refresh()
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 0.5)))
        #expect(settings.training.intervals == TrainingSettings.defaults.intervals)
        #expect(fixture.warnings.isEmpty)
    }

    @Test("a user file created after start-up is picked up, and its removal restores the lower layers")
    func fileAppearsAndDisappears() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("velocity: 80\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == (try MIDIVelocity(80)))

        try fixture.writeUser("velocity: 110\n", modified: edit(1))
        await settings.refresh()
        #expect(settings.training.velocity == (try MIDIVelocity(110)))
        #expect(try settings.entry(forKey: "velocity").origin.description == "user file \(fixture.userPath)")

        try FileManager.default.removeItem(atPath: fixture.userPath)
        await settings.refresh()
        #expect(settings.training.velocity == (try MIDIVelocity(80)))
        #expect(fixture.warnings.isEmpty)
    }

    @Test("a file malformed at start-up applies once it is fixed")
    func malformedThenFixed() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: [\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == TrainingSettings.defaults.velocity)
        #expect(fixture.warnings.count == 1)

        try fixture.writeUser("velocity: 99\n", modified: edit(2))
        await settings.refresh()
        #expect(settings.training.velocity == (try MIDIVelocity(99)))
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
        #expect(settings.training.velocity == (try MIDIVelocity(90)))
    }
}
