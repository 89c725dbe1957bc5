/// The keys of a settings file that no setting reads: a misspelt key (`midi.portwait`) would
/// otherwise be ignored without a word. Found line by line (block mappings and dotted keys,
/// as `YAMLLineEditor` reads them); keys inside a one-line `{…}` mapping are not checked.
enum UnknownKeys {
    /// Warnings beyond this many are summed up in one: a generated file with hundreds of
    /// stray keys gets a readable report, and a short one.
    static let listedAtMost = 20

    /// One warning per unknown key, in file order, naming its line and the nearest known key.
    static func warnings(in text: String, source: String) -> [SettingsWarning] {
        let editor = YAMLLineEditor(text: text)
        let parents = Set(editor.entries.flatMap { ancestors(of: $0.path) })
        var warnings: [SettingsWarning] = []
        var unknownCount = 0
        // `velocity: {a: 1}` is read as the key velocity.a, so velocity itself would silently
        // keep its default: a setting's value in flow-mapping form is a mistake worth a word.
        for entry in editor.entries where known.contains(entry.path) && !groups.contains(entry.path) && entry.hasInlineValue {
            let inlineValue = editor.lines[entry.line].dropFirst(entry.keyPart.count).trimmingWhitespace()
            guard inlineValue.hasPrefix("{") else { continue }
            let value = String(inlineValue.prefix { $0 != "#" }).trimmingWhitespace()
            warnings.append(SettingsWarning(
                kind: .invalidValue, source: source, line: entry.line + 1, key: entry.path, value: nil,
                reason: "is a mapping (\(value.quotedExcerpt)) where one value belongs", consequence: "it is ignored"))
        }
        for entry in editor.entries where !known.contains(entry.path) {
            let inlineValue = editor.lines[entry.line].dropFirst(entry.keyPart.count).trimmingWhitespace()
            if groups.contains(entry.path) {
                // `midi: 3` sets nothing; `midi: {channel: 3}` is the flow form of the group.
                guard entry.hasInlineValue, !inlineValue.hasPrefix("{") else { continue }
                warnings.append(SettingsWarning(
                    kind: .unknownKey, source: source, line: entry.line + 1, key: entry.path, value: nil,
                    reason: "is a group of settings (\(members(of: entry.path))), not a setting",
                    consequence: "its value is ignored"))
                continue
            }
            // An unknown mapping is reported through its keys, which say more.
            if !entry.hasInlineValue && parents.contains(entry.path) { continue }
            unknownCount += 1
            guard unknownCount <= listedAtMost else { continue }
            let hint = KeySuggestion.nearest(to: entry.path, among: SettingsCatalogue.all.map(\.key))
                .map { " (did you mean \($0)?)" } ?? ""
            warnings.append(SettingsWarning(
                kind: .unknownKey, source: source, line: entry.line + 1, key: entry.path, value: nil,
                reason: "is not a Peach setting\(hint)", consequence: "it is ignored"))
        }
        if unknownCount > listedAtMost {
            warnings.append(SettingsWarning(
                kind: .unknownKey, source: source, key: nil, value: nil,
                reason: "\(unknownCount - listedAtMost) more keys are not Peach settings",
                consequence: "they are ignored"))
        }
        return warnings
    }

    /// Every key a setting reads, legacy spellings included.
    static let known: Set<String> = Set(SettingsCatalogue.all.flatMap { [$0.key] + $0.legacyKeys })

    /// The mappings that hold settings: "midi", "controller", "controller.comparison", ….
    static let groups: Set<String> = Set(SettingsCatalogue.all.flatMap { ancestors(of: $0.key) })

    /// "a", "a.b" for "a.b.c".
    static func ancestors(of path: String) -> [String] {
        let components = path.split(separator: ".")
        return (1..<max(components.count, 1)).map { components[..<$0].joined(separator: ".") }
    }

    private static func members(of group: String) -> String {
        let keys = SettingsCatalogue.all.map(\.key).filter { $0.hasPrefix(group + ".") }
        return keys.prefix(2).joined(separator: ", ") + (keys.count > 2 ? ", …" : "")
    }
}
