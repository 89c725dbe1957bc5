import Foundation
import Synchronization
import PeachCore
import PeachRig
import PeachSettings
import Testing

/// The failure a test injects between writing the temporary file and renaming it.
struct SimulatedCrash: Error {}

@Suite("Writing a setting")
struct SettingsWriteTests {
    static let userFile = """
        # My Peach settings
        noteDuration: 1.5   # a bit longer
        midi:
          # my keyboard
          inputPort: "Keystation 49"
          channel: 2
        intervals:
          - P5u
          - M3d
        # trailing note

        """

    @Test("set replaces one value and keeps every other key and comment")
    func keepsOtherKeysAndComments() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(Self.userFile)
        let settings = await fixture.makeSettings()

        let entry = try await settings.set("midi.channel", to: "10")
        #expect(entry.value == "10")
        #expect(entry.origin.description == "user file \(fixture.userPath)")
        #expect(settings.rig.midiChannel == (try MIDIChannel(10)))
        #expect(String(decoding: try #require(fixture.directory.read(SettingsFixture.userFile)), as: UTF8.self)
            == Self.userFile.replacingOccurrences(of: "  channel: 2", with: "  channel: 10"))
        #expect(settings.rig.inputPort == "Keystation 49")
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))
        #expect(settings.training.intervals == (try DirectedInterval.parseSet("P5u,M3d")))
    }

    @Test("an inline comment survives, a block list becomes a flow list, a new key joins its group")
    func editsOfEachShape() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(Self.userFile)
        let settings = await fixture.makeSettings()

        try await settings.set("noteDuration", to: "2")
        try await settings.set("intervals", to: "P4d, m3u")
        try await settings.set("midi.outputPort", to: "FLUID Synth: \"GM\" #1")
        try await settings.set("sound.program", to: "19")

        let text = String(decoding: try #require(fixture.directory.read(SettingsFixture.userFile)), as: UTF8.self)
        #expect(text == """
            # My Peach settings
            noteDuration: 2.0   # a bit longer
            midi:
              # my keyboard
              inputPort: "Keystation 49"
              channel: 2
              outputPort: "FLUID Synth: \\"GM\\" #1"
            intervals: [P4d, m3u]
            # trailing note
            sound:
              program: 19

            """)
        #expect(settings.rig.outputPort == "FLUID Synth: \"GM\" #1")
        #expect(settings.rig.sound.program == 19)
        #expect(settings.training.intervals == (try DirectedInterval.parseSet("P4d,m3u")))
        #expect(settings.rig.inputPort == "Keystation 49")
        #expect(fixture.warnings.isEmpty)
    }

    @Test("flat dotted keys are edited in place")
    func flatDottedKey() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("midi.channel: 3\nvelocity: 70\n")
        let settings = await fixture.makeSettings()
        try await settings.set("midi.channel", to: "4")
        #expect(fixture.directory.read(SettingsFixture.userFile) == Data("midi.channel: 4\nvelocity: 70\n".utf8))
    }

    @Test("an invalid value is refused with key, value and reason, and the file is untouched")
    func invalidValueRefused() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(Self.userFile)
        let settings = await fixture.makeSettings()
        let before = fixture.directory.read(SettingsFixture.userFile)

        let error = await #expect(throws: SettingsError.self) { try await settings.set("velocity", to: "128") }
        #expect(error == .invalidValue(key: "velocity", value: "128",
                                       reason: "MIDI velocity 128 is out of range (allowed: 1…127)"))
        #expect(error?.description == "invalid value '128' for velocity: MIDI velocity 128 is out of range (allowed: 1…127)")
        await #expect(throws: SettingsError.self) { try await settings.set("tuningSystem", to: "meantone") }
        await #expect(throws: SettingsError.self) { try await settings.set("intervals", to: "P5u,Z2d") }
        #expect(fixture.directory.read(SettingsFixture.userFile) == before)
    }

    @Test("a value that breaks the note range with the other layers is refused")
    func narrowRangeRefused() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("noteRange:\n  lower: C2\n  upper: C6\n")
        let settings = await fixture.makeSettings()
        let error = await #expect(throws: SettingsError.self) { try await settings.set("noteRange.lower", to: "B5") }
        #expect(error?.description.contains("narrower than 12 semitones") == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.userPath))
    }

    @Test("an unknown key is refused with the list of known keys")
    func unknownKeyRefused() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()
        let error = await #expect(throws: SettingsError.self) { try await settings.set("noteLength", to: "1") }
        #expect(error == .unknownKey("noteLength", known: SettingsCatalogue.all.map(\.key)))
        #expect(error?.description.contains("midi.pitchBendRange") == true)
        #expect(throws: SettingsError.unknownKey("bogus", known: SettingsCatalogue.all.map(\.key))) {
            try settings.entry(forKey: "bogus")
        }
    }

    @Test("a malformed user file is not edited")
    func malformedFileNotEdited() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: [\n")
        let settings = await fixture.makeSettings()
        let error = await #expect(throws: SettingsError.self) { try await settings.set("velocity", to: "90") }
        guard case .unreadableUserFile(let path, _)? = error else {
            Issue.record("expected unreadableUserFile, got \(String(describing: error))")
            return
        }
        #expect(path == fixture.userPath)
        #expect(fixture.directory.read(SettingsFixture.userFile) == Data("velocity: [\n".utf8))
    }

    @Test("a crash between write and rename leaves the old file intact")
    func crashBeforeRename() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(Self.userFile)
        let settings = await fixture.makeSettings()
        let before = try #require(fixture.directory.read(SettingsFixture.userFile))

        let sawTemporary = WrittenTemporary()
        let crashing = AtomicFileWriter { temporaryPath, _ in
            sawTemporary.record(FileManager.default.contents(atPath: temporaryPath))
            throw SimulatedCrash()
        }
        await #expect(throws: SettingsError.self) { try await settings.set("velocity", to: "99", writer: crashing) }

        // The new text was fully written to the temporary file before the "crash"...
        #expect(sawTemporary.contents.map { String(decoding: $0, as: UTF8.self).contains("velocity: 99") } == true)
        // ...yet the settings file is byte for byte the old one, and is what is read.
        #expect(fixture.directory.read(SettingsFixture.userFile) == before)
        #expect(try fixture.directory.contents(of: "home/.config/peach") == ["config.yaml"])
        let reread = await fixture.makeSettings()
        #expect(reread.training.velocity == TrainingSettings.defaults.velocity)
        #expect(reread.rig.midiChannel == (try MIDIChannel(2)))
    }

    @Test("a temporary file left by a real crash is never read as config, and the next write succeeds")
    func leftoverTemporaryIgnored() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("velocity: 70\n")
        try fixture.directory.write("velocity: 12\n", to: "home/.config/peach/.peach-settings-LEFTOVER.tmp")
        let settings = await fixture.makeSettings()
        #expect(settings.training.velocity == (try MIDIVelocity(70)))

        try await settings.set("noteGap", to: "0.25")
        #expect(fixture.directory.read(SettingsFixture.userFile) == Data("velocity: 70\nnoteGap: 0.25\n".utf8))
        #expect(settings.training.velocity == (try MIDIVelocity(70)))
    }

    @Test("set creates the directory and a 0644 file; an existing file keeps its mode")
    func createsDirectoryAndFile() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()
        try await settings.set("noteRangeMin", to: "48")

        let text = String(decoding: try #require(fixture.directory.read(SettingsFixture.userFile)), as: UTF8.self)
        #expect(text.hasSuffix("noteRange:\n  lower: C3\n"))
        #expect(text.hasPrefix("#"))
        #expect(settings.training.noteRange.lower == (try MIDINote(parsing: "C3")))
        #expect(try permissions(fixture.userPath) == 0o644)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.userPath)
        try await settings.set("velocity", to: "64")
        #expect(try permissions(fixture.userPath) == 0o600)
    }

    @Test("an environment variable still wins over the written value")
    func environmentStillWins() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings(environment: ["PEACH_VELOCITY": "30"])
        let entry = try await settings.set("velocity", to: "64")
        #expect(entry.value == "30")
        #expect(entry.origin.description == "environment PEACH_VELOCITY")
        #expect(fixture.directory.read(SettingsFixture.userFile).map { String(decoding: $0, as: UTF8.self) }?
            .hasSuffix("velocity: 64\n") == true)
    }

    private func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}

/// What the injected rename saw in the temporary file.
final class WrittenTemporary: Sendable {
    private let storage = Mutex<Data?>(nil)
    func record(_ data: Data?) { storage.withLock { $0 = data } }
    var contents: Data? { storage.withLock { $0 } }
}
