import PeachCore

/// The `rhythm` key of `peach profile --json`, after the pitch disciplines (an object like theirs,
/// so a reader that takes every top-level value as an object still can): `offsetDetection` and
/// `matching`, each an array with one object per tempo with trials, slowest first (empty arrays
/// without data). Every figure is in percent of a sixteenth note at that tempo.
///
/// Detection: {tempoBPM, early, late}, each side {trials, threshold, count, mean, stdDev, ewma,
/// trend}: `threshold` the offset heard 75 % of the time from every trial on that side
/// ({kind, percent, lower, upper, trials, effectiveTrials}, null without trials), the rest the
/// profile's figures of its correct answers (count 0 and nulls without). Matching: {tempoBPM,
/// taps, meanOffset (signed, negative early), spread ({kind, percent, …} the SD of the taps),
/// early, late}, each side {taps, count, mean, stdDev, ewma, trend} of |offset|. Then `bands`,
/// the items per tempo band and side (`RhythmBandJSON`).
enum RhythmProfileJSON {
    static func render(_ report: RhythmReport) -> String {
        "{\n" + [("offsetDetection", array(report.detection.map(detection))),
                 ("matching", array(report.matching.map(matching))), ("bands", RhythmBandJSON.render(report.bands))]
            .map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n  }"
    }

    private static func detection(_ tempo: RhythmReport.DetectionTempo) -> [(String, String)] {
        func side(_ side: RhythmReport.DetectionSide) -> String {
            object([("trials", String(side.trials)), ("threshold", side.threshold.map(estimate) ?? "null")]
                   + statistics(side.statistics), depth: 4)
        }
        return [("tempoBPM", String(tempo.tempo.value)), ("early", side(tempo.early)), ("late", side(tempo.late))]
    }

    private static func matching(_ tempo: RhythmReport.MatchingTempo) -> [(String, String)] {
        func side(_ taps: Int, _ statistics: DisciplineStatistics?) -> String {
            object([("taps", String(taps))] + Self.statistics(statistics), depth: 4)
        }
        return [("tempoBPM", String(tempo.tempo.value)), ("taps", String(tempo.taps)),
                ("meanOffset", number(tempo.fit.bias)), ("spread", estimate(tempo.fit.spread)),
                ("early", side(tempo.earlyTaps, tempo.early)), ("late", side(tempo.lateTaps, tempo.late))]
    }

    private static func statistics(_ statistics: DisciplineStatistics?) -> [(String, String)] {
        [("count", String(statistics?.count ?? 0)), ("mean", number(statistics?.mean)),
         ("stdDev", number(statistics?.standardDeviation)), ("ewma", number(statistics?.ewma)),
         ("trend", statistics?.trend.map { "\"\($0.rawValue)\"" } ?? "null")]
    }

    static func estimate(_ estimate: ThresholdEstimate) -> String {
        "{" + [("kind", "\"\(estimate.kind.rawValue)\""), ("percent", number(estimate.cents)),
               ("lower", number(estimate.lower)), ("upper", number(estimate.upper)),
               ("trials", String(estimate.trials)), ("effectiveTrials", number(estimate.effectiveTrials))]
            .map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func array(_ objects: [[(String, String)]]) -> String {
        objects.isEmpty ? "[]" : "[\n" + objects.map { "      " + object($0, depth: 3) }.joined(separator: ",\n") + "\n    ]"
    }

    static func object(_ fields: [(String, String)], depth: Int) -> String {
        let inner = String(repeating: "  ", count: depth + 1)
        return "{\n" + fields.map { "\(inner)\"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
            + "\n" + String(repeating: "  ", count: depth) + "}"
    }

    static func number(_ value: Double?) -> String {
        value.map(DecimalText.format) ?? "null"
    }
}
