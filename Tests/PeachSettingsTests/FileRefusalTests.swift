import Foundation
import PeachCore
import PeachTestSupport
@testable import PeachSettings
import Testing

/// Files that never reach the YAML parser: each gives one sentence naming the file.
@Suite("Settings files refused before parsing", .timeLimit(.minutes(Patience.minutes(1))))
struct FileRefusalTests {
    @Test("a folder at the user file's place: one sentence, no Foundation error text")
    func folder() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.userPath, withIntermediateDirectories: true)
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == TrainingSettings.defaults.velocity)
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): is a folder, not a settings file; ignoring it until it is fixed",
        ])
        #expect(fixture.warnings.first?.kind == .unusableFile)
    }

    @Test("a pipe at the user file's place is refused without blocking")
    func fifo() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: (fixture.userPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(mkfifo(fixture.userPath, 0o600) == 0)
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): is not a regular file (a pipe, socket or device), so it is not read; "
                + "ignoring it until it is fixed",
        ])
    }

    @Test("more keys than the limit: refused at once with the count, whatever the layout")
    func tooManyKeys() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let count = ConfigFileLimits.maximumKeys + 1
        try fixture.writeUser((0..<count).map { "key\($0): \($0)" }.joined(separator: "\n"))
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): holds \(count) keys; Peach knows \(SettingsCatalogue.all.count) settings "
                + "and reads no file of more than \(ConfigFileLimits.maximumKeys) keys; ignoring it until it is fixed",
        ])
        // One line, in flow form, counts the same.
        #expect(YAMLKeyIndicators.scan("{" + (0..<count).map { "k\($0): 1" }.joined(separator: ", ") + "}").keys == count)
    }

    @Test("key counting: colons in values, quotes and comments are not keys")
    func keyCounting() {
        let text = """
            # a comment: with colons: many
            midi:
              outputPort: "FLUID Synth: 128:0"   # inline: comment
              channel: 3
            controller: {commands: {quit: "note:C1"}, channel: omni}
            "quoted": 'it''s: fine'
            intervals: [P5u, M3d]
            higher: note:C5
            ? explicit
            """
        #expect(YAMLKeyIndicators.scan(text).keys == 11)
        #expect(YAMLKeyIndicators.scan(text).firstAliasLine == nil)
    }

    @Test("an alias is refused: a small file must not stand for an enormous one")
    func alias() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("a: &a {x: 1, y: 1}\nb: {p: *a, q: *a}\n")
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): uses a YAML alias (*name) on line 2; settings files are read without "
                + "anchors and aliases; ignoring it until it is fixed",
        ])
    }

    @Test("larger than the limit: refused before it is read")
    func tooLarge() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("# " + String(repeating: "x", count: ConfigFileLimits.maximumBytes) + "\n")
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): is 1.0 MB; a settings file is a few KB and Peach reads none over 1.0 MB; "
                + "ignoring it until it is fixed",
        ])
    }

    @Test("a file that becomes absurd while training keeps its last readable settings")
    func refusedOnReload() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: 90\n", modified: edit(1))
        let settings = await fixture.makeSettings()
        try fixture.writeUser("velocity: 100\n" + (0..<2000).map { "k\($0): 1" }.joined(separator: "\n"), modified: edit(2))
        await settings.refresh()
        #expect(settings.training.velocity == (try MIDIVelocity(90)))
        #expect(fixture.warnings.map(\.description).first?.hasSuffix("keys; keeping its last readable settings") == true,
                "\(fixture.warnings)")
    }
}
