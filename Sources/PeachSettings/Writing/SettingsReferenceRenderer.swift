/// Renders docs/settings.md, the settings reference, from the catalogue; a test keeps the file
/// identical to this, as it keeps config/peach.yaml, so the reference cannot drift from the code.
public enum SettingsReferenceRenderer {
    /// The command that rewrites the file, named in its header and in the test's failure.
    public static let regenerateCommand = "swift run peach settings defaults --markdown > docs/settings.md"

    public static func render(_ settings: [AnySettingDescriptor] = SettingsCatalogue.all) -> String {
        var lines = [
            "# Settings reference",
            "",
            "<!-- Generated from SettingsCatalogue (Sources/PeachSettings/Catalogue); a test",
            "     (SettingsReferenceTests) fails when this file differs from it. Do not edit it by hand:",
            "     change the catalogue, then run `\(regenerateCommand)`. -->",
            "",
            "Every setting Peach reads, in the order `peach settings` lists them. Each is read, highest",
            "first, from its environment variable, your file `~/.config/peach/config.yaml`",
            "(`$XDG_CONFIG_HOME/peach/config.yaml`, or `--config FILE`), the shipped",
            "[`config/peach.yaml`](../config/peach.yaml), and the built-in default; a value that cannot",
            "be used falls back to the default with a warning. How the layers, warnings and",
            "`peach settings set` behave: [the user guide](guide.md#settings).",
            "",
            "| Key | Type | Default | What it does |",
            "| --- | --- | --- | --- |",
        ]
        for setting in settings {
            var key = "`\(setting.key)`<br>`\(setting.environmentVariable)`"
            if !setting.legacyKeys.isEmpty {
                key += "<br>old name " + setting.legacyKeys.map { "`\($0)`" }.joined(separator: ", ")
            }
            let value = setting.defaultText.isEmpty ? "(empty)" : "`\(setting.defaultText)`"
            let cells = [key, typeName(of: setting) ?? setting.valueType, value, setting.comment]
            lines.append("| " + cells.map(escaped).joined(separator: " | ") + " |")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The setting's type in a musician's words, or nil for a Swift type not named here yet
    /// (a test fails then, so a new setting's type gets its words).
    public static func typeName(of setting: AnySettingDescriptor) -> String? {
        if let name = typeNames[setting.valueType] { return name }
        // An optional value is its wrapped type that may also be absent; the comment says how
        // absence is written (empty, none, omni, off).
        let prefix = "Optional<", suffix = ">"
        guard setting.valueType.hasPrefix(prefix), setting.valueType.hasSuffix(suffix) else { return nil }
        let wrapped = String(setting.valueType.dropFirst(prefix.count).dropLast(suffix.count))
        return typeNames[wrapped].map { $0 + ", optional" }
    }

    private static let typeNames: [String: String] = [
        "MIDINote": "note: a name (C4, F#3) or a MIDI number",
        "NoteDuration": "seconds",
        "NoteGap": "seconds",
        "Frequency": "hertz",
        "UnitInterval": "number, 0…1",
        "Cents": "cents",
        "Set<DirectedInterval>": "list of directed intervals",
        "TuningSystem": "tuning system",
        "Tuning": "built-in tuning or Scala file",
        "MIDIVelocity": "MIDI velocity",
        "TempoBPM": "beats per minute",
        "String": "text",
        "MIDIChannel": "MIDI channel",
        "PitchBendRange": "semitones",
        "PitchResolution": "cents, or auto",
        "PortWait": "seconds, or forever",
        "RealtimePriority": "1…99, or off",
        "Int": "whole number",
        "Bool": "true or false",
        "ComparisonMode": "answer mode",
        "ControllerButton": "control",
        "TuningControl": "tuning control",
        "Array<CommitTrigger>": "list of controls",
        "TrainingMode": "training mode",
        "TrainingFocus": "focus",
        "SynthEngineSetting": "synth engine",
    ]

    /// A table cell: a bar would end the cell early.
    private static func escaped(_ cell: String) -> String {
        String(cell.flatMap { $0 == "|" ? ["\\", "|"] : [$0] })
    }
}
