/// What PeachCore, the domain, may not contain: an import beyond the toolchain modules it uses,
/// or a MIDI wire concept (port, channel, controller number, program change, pitch-bend wire
/// value, the rig's settings types). Those belong to PeachRig and the ALSA adapter.
struct CoreBoundary {
    /// What PeachCore imports today; anything else (ALSA, SQLite, a settings library, PeachRig)
    /// is a dependency the domain must not have.
    static let allowedImports: Set<String> = ["Foundation", "Synchronization"]

    /// Words of an identifier (split at camelCase humps, case-insensitive) that are wire
    /// vocabulary in any combination: `outputPort`, `MIDIChannel`, `ccNumber`, `bankMSB`, `bendRange`.
    static let wireWords: Set<String> = [
        "port", "ports", "channel", "channels", "cc", "ccs", "program", "programs", "bank", "banks",
        "bend", "bends", "wire", "controller", "controllers", "rpn", "nrpn", "sysex", "alsa", "sequencer",
    ]

    /// Whole identifiers that name the rig's types or a MIDI message without a wire word.
    static let wireIdentifiers: Set<String> = [
        "TuningControl", "ControllerButton", "ControllerSettings", "CommitTrigger",
        "FeedbackCueSettings", "PitchResolution", "SoundSelection", "RigSettings",
        "controlChange", "programChange", "noteOn", "noteOff", "MIDIMessage",
    ]

    struct Violation: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let found: String
        let rule: String

        var description: String { "\(file):\(line): \(found) (\(rule))" }
    }

    static func violations(in source: String, file: String) -> [Violation] {
        let code = SwiftCode(source: source)
        var found: [Violation] = []
        for (line, module) in code.importedModules where !allowedImports.contains(module) {
            found.append(Violation(file: file, line: line, found: "import \(module)",
                                   rule: "PeachCore imports only \(allowedImports.sorted().joined(separator: ", "))"))
        }
        let importLines = Set(code.importedModules.map(\.line))
        for (line, name) in code.identifiers where !importLines.contains(line) {
            if wireIdentifiers.contains(name) {
                found.append(Violation(file: file, line: line, found: name, rule: "a rig type or MIDI message"))
            } else if let word = words(of: name).first(where: { wireWords.contains($0) }) {
                found.append(Violation(file: file, line: line, found: name, rule: "the wire word \"\(word)\""))
            }
        }
        return found
    }

    /// `outputPort` → output, port; `MIDIChannel` → midi, channel; `CC64` → cc, 64; `bank_msb` → bank, msb.
    static func words(of identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(identifier)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            let startsWord = character == "_"
                || (character.isUppercase && (previous.map { $0.isLowercase || $0.isNumber } ?? false))
                || (character.isUppercase && (previous?.isUppercase ?? false) && (next?.isLowercase ?? false))
                || (character.isNumber && !(previous?.isNumber ?? true))
                || (character.isLetter && (previous?.isNumber ?? false))
            if startsWord && !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            if character != "_" { current.append(character) }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
