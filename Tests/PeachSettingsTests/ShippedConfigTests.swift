import Configuration
import Foundation
import PeachCore
import PeachRig
@testable import PeachSettings
import Testing

@Suite("Shipped config/peach.yaml")
struct ShippedConfigTests {
    static let shippedPath = GeneratedFile.path("config/peach.yaml")

    @Test("config/peach.yaml is byte for byte the catalogue's rendering")
    func fileMatchesRendering() throws {
        try GeneratedFile.expect("config/peach.yaml", toBe: ShippedConfigRenderer.render(),
                                 regenerateWith: "swift run peach settings defaults > config/peach.yaml")
    }

    @Test("config/peach.yaml parses to exactly the defaults, every value from the file")
    func fileParsesToDefaults() async throws {
        let collector = WarningCollector()
        let settings = await LayeredUserSettings(
            environment: [:],
            files: SettingsFileLocations(userFile: "/nonexistent/peach/config.yaml", shippedFile: Self.shippedPath),
            warningSink: collector.sink
        )
        #expect(collector.count == 0)
        for entry in settings.current.entries {
            #expect(entry.origin == .source(SettingSource(layer: .shippedFile, location: Self.shippedPath)), "\(entry.key)")
            #expect(entry.value == SettingsCatalogue.descriptor(forKey: entry.key)?.defaultText, "\(entry.key)")
        }
        #expect(settings.training.noteRange == TrainingSettings.defaults.noteRange)
        #expect(settings.training.noteDuration == TrainingSettings.defaults.noteDuration)
        #expect(settings.training.referencePitch == TrainingSettings.defaults.referencePitch)
        #expect(settings.training.varyLoudness == TrainingSettings.defaults.varyLoudness)
        #expect(settings.training.intervals == TrainingSettings.defaults.intervals)
        #expect(settings.training.tuningSystem == TrainingSettings.defaults.tuningSystem)
        #expect(settings.training.noteGap == TrainingSettings.defaults.noteGap)
        #expect(settings.training.velocity == TrainingSettings.defaults.velocity)
        #expect(settings.rig.outputPort == RigSettings.defaults.outputPort)
        #expect(settings.rig.inputPort == RigSettings.defaults.inputPort)
        #expect(settings.rig.midiChannel == RigSettings.defaults.midiChannel)
        #expect(settings.rig.pitchBendRange == RigSettings.defaults.pitchBendRange)
        #expect(settings.rig.sound == RigSettings.defaults.sound)
        #expect(settings.rig.controller == RigSettings.defaults.controller)
    }

    @Test("an unedited shipped file, taken without parsing it, gives every key, value and origin parsing gives")
    func uneditedFileEqualsParsedFile() async throws {
        let taken = await ShippedConfigFile.read(path: Self.shippedPath)
        let parsed = await ShippedConfigFile.read(path: Self.shippedPath, recognisingUnedited: false)
        #expect(taken.problems.isEmpty && parsed.problems.isEmpty)
        let takenLayer = try #require(taken.layer), parsedLayer = try #require(parsed.layer)
        #expect(!(takenLayer.snapshot is YAMLSnapshot), "the unedited file was parsed")
        #expect(parsedLayer.snapshot is YAMLSnapshot)
        for setting in SettingsCatalogue.all {
            #expect(takenLayer.lookup(setting.key)?.raw == parsedLayer.lookup(setting.key)?.raw, "\(setting.key)")
        }
        let fromTaken = ResolvedSettings(layers: [takenLayer]), fromParsed = ResolvedSettings(layers: [parsedLayer])
        #expect(fromTaken.entries == fromParsed.entries)
        #expect(fromTaken.training == fromParsed.training)
        #expect(fromTaken.rig == fromParsed.rig)
    }

    @Test("a shipped file with one value changed is parsed, and that value comes from it")
    func editedShippedFileIsParsed() async throws {
        let text = try String(contentsOfFile: Self.shippedPath, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\nmidi:\n", with: "\nmidi:\n  # edited by a packager\n")
            .replacingOccurrences(of: "\n  channel: 1\n", with: "\n  channel: 2\n")
        #expect(edited != text)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-shipped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.yaml").path
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let read = await ShippedConfigFile.read(path: path)
        let layer = try #require(read.layer)
        #expect(layer.snapshot is YAMLSnapshot)
        #expect(ResolvedSettings(layers: [layer]).rig.midiChannel == (try MIDIChannel(2)))
    }

    @Test("without any layer every setting is its built-in default")
    func noLayersGiveDefaults() async {
        let settings = await LayeredUserSettings(
            environment: [:],
            files: SettingsFileLocations(userFile: "/nonexistent/peach/config.yaml", shippedFile: nil),
            warningSink: { _ in }
        )
        #expect(settings.training == TrainingSettings.defaults)
        #expect(settings.rig.sound == RigSettings.defaults.sound)
        #expect(settings.rig.controller == RigSettings.defaults.controller)
        #expect(settings.current.entries.allSatisfy { $0.origin == .builtInDefault })
    }
}

@Suite("Settings catalogue")
struct SettingsCatalogueTests {
    @Test("every field of TrainingSettings and RigSettings is filled by the catalogue")
    func everyFieldHasItsKey() {
        let fields = Mirror(reflecting: TrainingSettings.defaults).children.count
            + Mirror(reflecting: RigSettings.defaults).children.count
        let keysWithAField = SettingsCatalogue.all.filter { $0.resolveField != nil }.count
        // Assembled from several keys with their cross-checks: the note range, the sound and the
        // controller mapping, one field each.
        #expect(keysWithAField + 3 == fields)
    }

    @Test("keys are unique, camelCase and dotted, and a group's keys are adjacent")
    func keysAreWellFormed() {
        let keys = SettingsCatalogue.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        let legacy = SettingsCatalogue.all.flatMap(\.legacyKeys)
        #expect(Set(legacy).isDisjoint(with: keys))
        for key in keys {
            #expect(key.split(separator: ".").allSatisfy { $0.first?.isLowercase == true && $0.allSatisfy(\.isLetter) }, "\(key)")
        }
        var closedGroups: Set<String> = []
        var openGroup: String?
        for key in keys {
            let group = key.contains(".") ? String(key.split(separator: ".")[0]) : nil
            if group != openGroup, let openGroup { closedGroups.insert(openGroup) }
            if let group { #expect(!closedGroups.contains(group), "\(key) is apart from its group") }
            openGroup = group
        }
    }

    @Test("the report lists every catalogue key, in order")
    func reportCoversCatalogue() async {
        let settings = await LayeredUserSettings(
            environment: [:],
            files: SettingsFileLocations(userFile: "/nonexistent/peach/config.yaml", shippedFile: nil),
            warningSink: { _ in }
        )
        #expect(settings.current.entries.map(\.key) == SettingsCatalogue.all.map(\.key))
    }

    @Test("each default's text reads back as itself", arguments: SettingsCatalogue.all.map(\.key))
    func defaultsRoundTrip(key: String) throws {
        let setting = try #require(SettingsCatalogue.descriptor(forKey: key))
        #expect(try setting.validate(setting.defaultText) == setting.defaultText)
    }

    @Test("note durations are clamped, not refused, as the domain says")
    func noteDurationClamps() throws {
        #expect(try SettingsCatalogue.noteDuration.erased.validate("10") == "3.0")
        #expect(try SettingsCatalogue.noteDuration.erased.validate("0.01") == "0.3")
    }
}

@Suite("Settings file locations")
struct SettingsFileLocationTests {
    @Test("the user's file follows XDG_CONFIG_HOME, ignoring an empty or relative one")
    func userFile() {
        #expect(SettingsFileLocations.userFile(environment: ["XDG_CONFIG_HOME": "/x/cfg"], homeDirectory: "/home/a")
            == "/x/cfg/peach/config.yaml")
        #expect(SettingsFileLocations.userFile(environment: [:], homeDirectory: "/home/a")
            == "/home/a/.config/peach/config.yaml")
        #expect(SettingsFileLocations.userFile(environment: ["XDG_CONFIG_HOME": ""], homeDirectory: "/home/a")
            == "/home/a/.config/peach/config.yaml")
        #expect(SettingsFileLocations.userFile(environment: ["XDG_CONFIG_HOME": "cfg"], homeDirectory: "/home/a")
            == "/home/a/.config/peach/config.yaml")
    }

    @Test("--config wins over XDG")
    func explicitUserFile() {
        let files = SettingsFileLocations.discover(
            environment: ["XDG_CONFIG_HOME": "/x/cfg"], explicitUserFile: "/tmp/mine.yaml",
            executablePath: nil, homeDirectory: "/home/a", fileExists: { _ in false })
        #expect(files.userFile == "/tmp/mine.yaml")
        #expect(files.shippedFile == nil)
    }

    @Test("the shipped file: $PEACH_SHIPPED_CONFIG, then up from the executable, then /etc, then /usr/share")
    func shippedFileSearchOrder() {
        let clone = "/src/peach/.build/x86_64-unknown-linux-gnu/debug/peach"
        func find(_ existing: Set<String>, environment: [String: String] = [:]) -> String? {
            SettingsFileLocations.shippedFile(environment: environment, executablePath: clone, fileExists: existing.contains)
        }
        let all: Set = ["/opt/p.yaml", "/src/peach/config/peach.yaml", "/etc/peach/peach.yaml", "/usr/share/peach/peach.yaml"]
        #expect(find(all, environment: ["PEACH_SHIPPED_CONFIG": "/opt/p.yaml"]) == "/opt/p.yaml")
        #expect(find(all) == "/src/peach/config/peach.yaml")
        #expect(find(["/etc/peach/peach.yaml", "/usr/share/peach/peach.yaml"]) == "/etc/peach/peach.yaml")
        #expect(find(["/usr/share/peach/peach.yaml"]) == "/usr/share/peach/peach.yaml")
        #expect(find([]) == nil)
    }

    @Test("an installed executable reads share/peach/peach.yaml of its own prefix first")
    func installedShippedFile() {
        let installed = "/home/a/.local/bin/peach"
        let existing: Set = ["/home/a/.local/share/peach/peach.yaml", "/etc/peach/peach.yaml"]
        #expect(SettingsFileLocations.shippedFile(environment: [:], executablePath: installed, fileExists: existing.contains)
            == "/home/a/.local/share/peach/peach.yaml")
        #expect(SettingsFileLocations.shippedFile(environment: [:], executablePath: "/usr/local/bin/peach",
                                                  fileExists: ["/usr/local/share/peach/peach.yaml"].contains)
            == "/usr/local/share/peach/peach.yaml")
        #expect(SettingsFileLocations.shippedFile(environment: ["PEACH_SHIPPED_CONFIG": "/opt/p.yaml"], executablePath: installed,
                                                  fileExists: existing.union(["/opt/p.yaml"]).contains) == "/opt/p.yaml")
    }
}
