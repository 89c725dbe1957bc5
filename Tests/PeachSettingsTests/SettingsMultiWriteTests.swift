import Foundation
import PeachCore
import PeachRig
import PeachSettings
import Testing

/// Several keys in one write: what `peach learn` needs for controller keys that are only valid
/// together.
@Suite("Writing several settings at once")
struct SettingsMultiWriteTests {
    static let explicitButtons: [(key: String, text: String)] = [
        ("controller.comparison.mode", "explicit"),
        ("controller.comparison.higher", "cc:81"),
        ("controller.comparison.lower", "cc:80"),
    ]

    @Test("keys valid only together are written in one replacement, keeping the other keys")
    func together() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("# mine\nnoteDuration: 1.5\n")
        let settings = await fixture.makeSettings()

        // One at a time, the mode alone is refused: explicit needs both buttons.
        await #expect(throws: SettingsError.self) { try await settings.set("controller.comparison.mode", to: "explicit") }

        let entries = try await settings.set(Self.explicitButtons)
        #expect(entries.map(\.value) == ["explicit", "cc:81", "cc:80"])
        #expect(settings.rig.controller.comparisonMode == .explicit)
        #expect(settings.rig.controller.higher == (try ControllerButton(parsing: "cc:81")))
        let text = String(decoding: try #require(fixture.directory.read(SettingsFixture.userFile)), as: UTF8.self)
        #expect(text.hasPrefix("# mine\nnoteDuration: 1.5\n"), "\(text)")
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 1.5)))
        #expect(fixture.warnings.isEmpty, "\(fixture.warnings)")
    }

    @Test("editedUserFile shows the new text and writes nothing; a combination that breaks a rule is refused")
    func dryRunAndConflicts() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings()

        let edit = try settings.editedUserFile(setting: Self.explicitButtons)
        #expect(edit.text.contains("mode: explicit") && edit.text.contains("higher: \"cc:81\""), "\(edit.text)")
        #expect(edit.keys == Self.explicitButtons.map(\.key))
        #expect(fixture.directory.read(SettingsFixture.userFile) == nil)

        let clash: [(key: String, text: String)] = Self.explicitButtons + [("controller.commands.quit", "cc:81")]
        #expect(throws: SettingsError.self) { try settings.editedUserFile(setting: clash) }
        #expect(throws: SettingsError.self) { try settings.editedUserFile(setting: [("controller.bogus", "1")]) }
        #expect(fixture.directory.read(SettingsFixture.userFile) == nil)
    }
}
