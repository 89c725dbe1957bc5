import PeachCore

/// `bands` in the rhythm object of `peach profile --json` (issue 33): {offsetDetection,
/// matching}, one object per tempo band with trials, slowest first. Detection: {band ("slow",
/// "medium", "fast"), tempos, early, late}, each side {trials, threshold} with `threshold` as
/// per tempo, null below 30 trials. Matching: {band, tempos, taps, meanOffset, lower, upper
/// (its 95 % interval), side ("early", "late" or null: no clear side), spread}, the figures null
/// below 30 taps. In percent of a sixteenth note, negative early.
enum RhythmBandJSON {
    static func render(_ bands: RhythmBands) -> String {
        "{\n" + [("offsetDetection", list(bands.detection.map(detection))), ("matching", list(bands.matching.map(matching)))]
            .map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }

    private static func detection(_ item: RhythmBands.Detection) -> [(String, String)] {
        func side(_ side: RhythmBands.Side) -> String {
            RhythmProfileJSON.object([("trials", String(side.trials)),
                                      ("threshold", side.threshold.map(RhythmProfileJSON.estimate) ?? "null")], depth: 5)
        }
        return name(item.band) + [("early", side(item.early)), ("late", side(item.late))]
    }

    private static func matching(_ item: RhythmBands.Matching) -> [(String, String)] {
        name(item.band) + [
            ("taps", String(item.taps)), ("meanOffset", RhythmProfileJSON.number(item.fit?.bias)),
            ("lower", RhythmProfileJSON.number(item.bias?.lowerBound)),
            ("upper", RhythmProfileJSON.number(item.bias?.upperBound)),
            ("side", item.side.map { "\"\($0.rawValue)\"" } ?? "null"),
            ("spread", item.fit.map { RhythmProfileJSON.estimate($0.spread) } ?? "null"),
        ]
    }

    private static func name(_ band: RhythmTempoBand) -> [(String, String)] {
        [("band", "\"\(band.name)\""), ("tempos", "\"\(band.tempos)\"")]
    }

    private static func list(_ objects: [[(String, String)]]) -> String {
        objects.isEmpty ? "[]" : "[\n" + objects.map { "        " + RhythmProfileJSON.object($0, depth: 4) }
            .joined(separator: ",\n") + "\n      ]"
    }
}
