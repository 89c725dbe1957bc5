import Foundation
import PeachCore
import PeachRig
import PeachSettings
import Testing

/// config/presets/*.yaml, read through the real settings layer as a user's file over the
/// shipped one: every key they set is known and valid, and the controller mapping holds.
@Suite("Controller presets in config/presets")
struct PresetTests {
    static let configFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config")

    /// The dotted keys a preset sets (scalar or flow-list values; nested blocks by indentation).
    static func keys(in text: String) -> [String] {
        var stack: [(indent: Int, name: String)] = []
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            let content = line.drop { $0 == " " }
            guard !content.isEmpty, !content.hasPrefix("#"), let colon = content.firstIndex(of: ":") else { continue }
            let indent = line.count - content.count
            stack.removeAll { $0.indent >= indent }
            let name = String(content[..<colon])
            let value = content[content.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.isEmpty || value.hasPrefix("#") {
                stack.append((indent, name))
            } else {
                keys.append((stack.map(\.name) + [name]).joined(separator: "."))
            }
        }
        return keys
    }

    static func load(_ preset: String) async throws -> (settings: LayeredUserSettings, warnings: [SettingsWarning],
                                                        keys: [String], path: String) {
        let path = configFolder.appendingPathComponent("presets/\(preset)").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let collector = WarningCollector()
        let settings = await LayeredUserSettings(
            environment: [:],
            files: SettingsFileLocations(userFile: path, shippedFile: configFolder.appendingPathComponent("peach.yaml").path),
            warningSink: collector.sink)
        return (settings, collector.warnings, keys(in: text), path)
    }

    /// Every key is in the catalogue, was read from the preset and kept (no fallback, no warning).
    static func expectAllKeysValid(_ preset: String) async throws -> LayeredUserSettings {
        let (settings, warnings, keys, path) = try await load(preset)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(keys.count >= 8, "the key reader found \(keys)")
        for key in keys {
            #expect(SettingsCatalogue.descriptor(forKey: key)?.key == key, "\(preset): unknown key \(key)")
            let entry = settings.current.entry(forKey: key)
            #expect(entry?.origin == .source(SettingSource(layer: .userFile, location: path)),
                    "\(preset): \(key) is \(String(describing: entry))")
        }
        return settings
    }

    @Test("the key reader nests blocks and skips comments")
    func keyReader() {
        #expect(Self.keys(in: "# c\na:\n  b: 1 # x\n  c:\n    d: [x, y]\ne: 2\n") == ["a.b", "a.c.d", "e"])
    }

    @Test("keyboard-49: keys answer relative to the target, the mod wheel tunes, commands on the lowest white keys")
    func keyboard() async throws {
        let settings = try await Self.expectAllKeysValid("keyboard-49.yaml")
        let expected = try ControllerSettings(
            channel: nil, comparisonMode: .relativeToTarget, tuning: .modWheel,
            commit: [.button(.sustainPedal), .anyKey],
            commands: [.startStop: .note(try MIDINote(parsing: "C2")), .nextMode: .note(try MIDINote(parsing: "D2")),
                       .quit: .note(try MIDINote(parsing: "E2"))])
        #expect(settings.rig.controller == expected)
        // The commands lie below every reference note, so they never stand for one.
        #expect(settings.training.noteRange.lower.rawValue > 40)
    }

    @Test("pads-knobs: two pads answer, a knob tunes, a pad commits, three pads command")
    func pads() async throws {
        let settings = try await Self.expectAllKeysValid("pads-knobs.yaml")
        let controller = settings.rig.controller
        #expect(controller.comparisonMode == .explicit)
        #expect(controller.higher == .note(37))
        #expect(controller.lower == .note(36))
        #expect(controller.tuning == (try TuningControl(.absoluteCC(controller: 70, fourteenBit: false))))
        #expect(controller.commit == [.button(.note(38))])
        #expect(controller.commands == [.startStop: .note(40), .nextMode: .note(41),
                                        .quit: .note(43)])
    }
}
