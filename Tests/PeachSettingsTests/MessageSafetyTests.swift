import Foundation
import PeachCore
import PeachSettings
import PeachTestSupport
import Testing

/// What the settings say about values from outside (a file, a PEACH_ variable, the command
/// line): the value cut to an excerpt, its control characters shown rather than obeyed, and
/// every mistake named where it is.
@Suite("Settings messages: safe, short and saying what is wrong", .timeLimit(.minutes(Patience.minutes(1))))
struct MessageSafetyTests {
    @Test("a PEACH_ variable holding escape sequences: the warning shows them escaped")
    func escapedEnvironmentValue() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        _ = await fixture.makeSettings(environment: ["PEACH_VELOCITY": "\u{1B}]0;pwned\u{07}\u{1B}[2J"])
        let text = fixture.warnings.map(\.description).joined(separator: "\n")
        #expect(text.hasPrefix("environment PEACH_VELOCITY: velocity = '\\e]0;pwned\\x07\\e[2J' is invalid"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text)")
    }

    @Test("a value of a megabyte is quoted as its first 60 characters and an ellipsis")
    func longValueCut() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let huge = String(repeating: "9", count: 1 << 20)
        _ = await fixture.makeSettings(environment: ["PEACH_VELOCITY": huge])
        let warning = try #require(fixture.warnings.first?.description)
        #expect(warning.count < 400, "\(warning.prefix(400))")
        #expect(warning.contains("'" + String(repeating: "9", count: 60) + "…'"), "\(warning.prefix(400))")
        let settings = await fixture.makeSettings()
        let error = await #expect(throws: SettingsError.self) { try await settings.set("velocity", to: huge) }
        #expect((error?.description.count ?? .max) < 400)
    }

    @Test("a setting in flow-mapping form: it is named, with its line, instead of silently keeping its default")
    func flowMappingNamed() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("noteDuration: 2\nvelocity: {a: 1}   # oops\n")
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == TrainingSettings.defaults.velocity)
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath), line 2: velocity is a mapping ({a: 1}) where one value belongs; it is ignored",
        ])
    }

    @Test("a settings path through a file (XDG_CONFIG_HOME=/dev/null): the path and the cause, no NSError")
    func pathThroughFile() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let config = fixture.directory.path("home/.config")
        try FileManager.default.createDirectory(atPath: fixture.directory.path("home"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: config))
        let settings = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): cannot be read: \(config) on its path is not a folder "
                + "(is XDG_CONFIG_HOME or --config right?); ignoring it until it is fixed",
        ])
        let error = await #expect(throws: SettingsError.self) { try await settings.set("velocity", to: "80") }
        #expect(error?.description.contains("\(config) on its path is not a folder") == true, "\(String(describing: error))")
    }

    @Test("an unknown key close to a known one: did you mean, not the list of every key")
    func unknownKeySuggestion() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()
        let error = await #expect(throws: SettingsError.self) { try await settings.set("noteDuraton", to: "1") }
        #expect(error?.description == "unknown setting 'noteDuraton' (did you mean noteDuration?); "
                + "`peach settings` lists them all")
        #expect(throws: SettingsError.self) { try settings.entry(forKey: "midi.portwait") }
        #expect((try? settings.entry(forKey: "midi.portwait")) == nil)
    }

    @Test("intervals keep the order written: P5u,M3d is stored and shown so")
    func intervalOrderKept() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()
        let entry = try await settings.set("intervals", to: "P5u,M3d,P5u")
        #expect(entry.value == "P5u,M3d")
        let text = String(decoding: try #require(fixture.directory.read(SettingsFixture.userFile)), as: UTF8.self)
        #expect(text.contains("intervals: [P5u, M3d]\n"), "\(text)")
        #expect(settings.training.intervals == [.perfectFifthUp, DirectedInterval(.majorThird, .down)])
        #expect(try settings.entry(forKey: "intervals").value == "P5u,M3d")
    }
}
