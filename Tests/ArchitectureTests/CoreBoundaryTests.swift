import Foundation
import Testing

@Suite("PeachCore is the domain: toolchain imports only, no MIDI wire concept")
struct CoreBoundaryTests {
    @Test func peachCoreImportsOnlyTheToolchainAndNamesNoWireConcept() throws {
        let sources = try DeclaredImports.swiftSources(under: "Sources/PeachCore")
        #expect(sources.count > 50, "found only \(sources.count) files under Sources/PeachCore")
        let violations = sources.flatMap { CoreBoundary.violations(in: $0.text, file: $0.path) }
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test("the checker finds a foreign import", arguments: [
        "import ALSASequencer", "@testable import PeachRig", "import struct GRDB.Row", "@preconcurrency import Configuration",
    ])
    func findsForeignImports(line: String) {
        let found = CoreBoundary.violations(in: "import Foundation\n\(line)\n", file: "Sample.swift")
        #expect(found.map(\.line) == [2])
    }

    @Test("the checker finds wire vocabulary in code", arguments: [
        ("let channel: MIDIChannel", ["channel", "MIDIChannel"]),
        ("var outputPort: String?", ["outputPort"]),
        ("case .controlChange(let number):", ["controlChange"]),
        ("send(.programChange(0))", ["programChange"]),
        ("let ccNumber = 64", ["ccNumber"]),
        ("let bankMSB = sound.bank >> 7", ["bankMSB", "bank"]),
        ("func bend(to value: PitchBendValue)", ["bend", "PitchBendValue"]),
        ("let mapping: ControllerButton", ["ControllerButton"]),
        ("let rig: RigSettings", ["RigSettings"]),
        ("print(\"\\(settings.midiChannel)\")", ["midiChannel"]),
    ])
    func findsWireVocabulary(line: String, expected: [String]) {
        let found = CoreBoundary.violations(in: "struct Sample {\n    \(line)\n}\n", file: "Sample.swift")
        #expect(found.map(\.found) == expected)
        #expect(found.allSatisfy { $0.line == 2 && $0.file == "Sample.swift" })
    }

    @Test func commentsAndTextMayNameTheRig() {
        let sample = """
            import Foundation
            /// Where the notes go: a port, a channel, CC 64 (/* nested */ too).
            /* a block comment about the controller's program change */
            let message = "no port, no channel"
            let raw = #"the "sustain" pedal on CC 64"#
            let block = \"\"\"
                the controller's bank
                \"\"\"
            let report = "\\(1 + 2) cents"  // a bend of the wire
            struct Support { let importer = 1; let transport = 2 }

            """
        let found = CoreBoundary.violations(in: sample, file: "Sample.swift")
        #expect(found.isEmpty, "\(found)")
    }

    @Test("identifiers split at their humps", arguments: [
        ("outputPort", ["output", "port"]), ("MIDIChannel", ["midi", "channel"]), ("CC64", ["cc", "64"]),
        ("bank_msb", ["bank", "msb"]), ("PitchBendValue", ["pitch", "bend", "value"]), ("report", ["report"]),
        ("RPNMessage", ["rpn", "message"]),
    ])
    func identifierWords(identifier: String, words: [String]) {
        #expect(CoreBoundary.words(of: identifier) == words)
    }
}
