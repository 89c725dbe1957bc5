import PeachCore
import PeachRig
import PeachSettings
import Testing

@Suite("Controller keys")
struct ControllerKeyTests {
    @Test("keys set together make the controller settings")
    func keysCombine() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("""
            controller:
              channel: 3
              comparison:
                mode: explicit
                higher: "cc:81"
                lower: "cc:80"
              matching:
                control: "encoder:20:twosComplement:0.5"
                commit: ["note:C5", sustain]
              commands:
                quit: "program:9"

            """)
        let settings = await fixture.makeSettings()
        #expect(fixture.warnings.isEmpty)
        let controller = settings.rig.controller
        #expect(controller.channel == (try MIDIChannel(3)))
        #expect(controller.comparisonMode == .explicit)
        #expect(controller.higher == (try ControllerButton(.controlChange, 81)))
        #expect(controller.lower == (try ControllerButton(.controlChange, 80)))
        #expect(controller.tuning.kind == .relativeEncoder(controller: 20, form: .twosComplement, stepCents: 0.5))
        #expect(controller.commit == [.button(.note(72)), .button(.sustainPedal)])
        #expect(controller.commands == [.quit: try ControllerButton(.programChange, 9)])
        #expect(try settings.entry(forKey: "controller.matching.commit").value == "note:C5,sustain")
    }

    @Test("explicit mode without its buttons: the whole mapping falls back, with one warning naming the key")
    func explicitWithoutButtons() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("controller:\n  channel: 5\n  comparison:\n    mode: explicit\n")
        let settings = await fixture.makeSettings()
        #expect(settings.rig.controller == RigSettings.defaults.controller)
        #expect(fixture.warnings.count == 1)
        let warning = try #require(fixture.warnings.first)
        #expect(warning.source == "user file \(fixture.userPath)")
        #expect(warning.key == "controller.channel and controller.comparison.mode")
        #expect(warning.reason.contains("a control for both higher and lower"))
        #expect(warning.consequence.hasPrefix("using the default controller mapping"))
        for key in ["controller.channel", "controller.comparison.mode"] {
            #expect(try settings.entry(forKey: key).origin.description
                == "default (invalid value in user file \(fixture.userPath))")
        }
        #expect(try settings.entry(forKey: "controller.channel").value == "omni")
        #expect(try settings.entry(forKey: "controller.comparison.higher").origin == .builtInDefault)

        await settings.refresh()
        #expect(fixture.warnings.count == 1)
    }

    @Test("a command on the commit pedal is refused across layers, naming both sources")
    func commandCollidesWithCommit() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped("controller:\n  matching:\n    commit: [\"cc:65\"]\n")
        let settings = await fixture.makeSettings(environment: ["PEACH_CONTROLLER_COMMANDS_START_STOP": "cc:65"])
        #expect(settings.rig.controller == RigSettings.defaults.controller)
        let warning = try #require(fixture.warnings.first)
        #expect(fixture.warnings.count == 1)
        #expect(warning.source == "shipped \(fixture.shippedPath) and environment PEACH_CONTROLLER_COMMANDS_START_STOP")
        #expect(warning.value == "[cc:65], cc:65")
        #expect(warning.reason.contains("startStop = cc:65, commit = cc:65"))
    }

    @Test("the warning names only the keys set away from their default, whichever layer holds the rest")
    func warningNamesChangedKeys() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeShipped(ShippedConfigRenderer.render())
        try fixture.writeUser("controller:\n  comparison:\n    lower: \"cc:80\"\n    mode: explicit\n")
        let settings = await fixture.makeSettings(environment: ["PEACH_CONTROLLER_COMMANDS_QUIT": "cc:80"])
        #expect(settings.rig.controller == RigSettings.defaults.controller)
        #expect(fixture.warnings.count == 1)
        let warning = try #require(fixture.warnings.first)
        #expect(warning.key == "controller.comparison.mode and controller.comparison.lower and controller.commands.quit")
        #expect(warning.source == "user file \(fixture.userPath) and environment PEACH_CONTROLLER_COMMANDS_QUIT")
        #expect(try settings.entry(forKey: "controller.matching.control").origin
            == .source(SettingSource(layer: .shippedFile, location: fixture.shippedPath)))
        #expect(try settings.entry(forKey: "controller.comparison.lower").value == "none")
    }

    @Test("the tuning CC's LSB may not be a commit button")
    func tuningLSBCollides() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        let settings = await fixture.makeSettings(environment: [
            "PEACH_CONTROLLER_MATCHING_CONTROL": "cc14:32",
            "PEACH_CONTROLLER_MATCHING_COMMIT": "cc:64",
        ])
        // Out of range alone: only that key falls back; the commit key applies.
        #expect(settings.rig.controller.tuning == .modWheel)
        #expect(settings.rig.controller.commit == [.button(.sustainPedal)])
        #expect(fixture.warnings.count == 1)
        #expect(fixture.warnings.first?.reason.contains("out of range") == true)

        let collision = await fixture.makeSettings(environment: [
            "PEACH_CONTROLLER_MATCHING_CONTROL": "cc14:31",
            "PEACH_CONTROLLER_MATCHING_COMMIT": "cc:63",
        ])
        #expect(collision.rig.controller == RigSettings.defaults.controller)
        #expect(fixture.warnings.last?.reason.contains("uses CC 63, commit = cc:63") == true)
    }

    @Test("peach settings set validates a controller key and writes its canonical text")
    func validateThroughCatalogue() throws {
        let higher = try #require(SettingsCatalogue.descriptor(forKey: "controller.comparison.higher"))
        #expect(try higher.validate("NOTE:c#5") == "note:C#5")
        #expect(try higher.validate("cc:64") == "sustain")
        #expect(throws: DomainValueError.self) { try higher.validate("cc:-1") }
        let control = try #require(SettingsCatalogue.descriptor(forKey: "controller.matching.control"))
        #expect(try control.validate("cc14:1") == "modWheel")
        #expect(try control.validate("encoder:7:binaryoffset") == "encoder:7:binaryOffset:1.0")
    }
}
