import PeachCore

/// `peach profile --json`: one object per discipline, always all four, keys in this order:
/// {count, mean, stdDev, ewma, trend, threshold}. A discipline without data has count 0 and null
/// figures; trend is null until a discipline has two values.
///
/// `threshold` (null without trials) is the estimate from every trial: for comparison the
/// offset answered correctly 75 % of the time, for matching the SD of the errors (with their
/// mean as `bias`); `kind` is interval, below, above or unresolved, `cents` the estimate (null
/// unless interval), `lower`/`upper` the 95 % interval's ends (null where unbounded), then
/// `trials`, `effectiveTrials` (after recency weighting) and `registers`, one per octave of
/// reference note with trials: {octave, trials, kind, cents, lower, upper}, kind
/// "notEnoughData" below 30 trials; then `weekAgo`, the estimate from the trials before the last
/// seven days ({kind, cents, lower, upper, trials}, null when every trial is newer), and
/// `trialsThisWeek` (both added by issue 34; every earlier key is as it was); then `intervals`
/// and `windows` (issue 33, `ProfileJSON+Items`).
///
/// Then `rhythm`: {offsetDetection, matching}, arrays per tempo (`RhythmProfileJSON`), and
/// where any exist, `otherTunings`: each interval discipline's estimate per tuning beyond the iOS
/// app's two (`ProfileJSON+Tunings`).
public enum ProfileJSON {
    public static func render(_ report: ProfileReport) -> String {
        let objects = TrainingDiscipline.allCases.map { discipline in
            let statistics = report.statistics[discipline]
            let fields = [
                ("count", String(statistics?.count ?? 0)),
                ("mean", number(statistics?.mean)),
                ("stdDev", number(statistics?.standardDeviation)),
                ("ewma", number(statistics?.ewma)),
                ("trend", statistics?.trend.map { "\"\($0.rawValue)\"" } ?? "null"),
                ("threshold", report.thresholds.disciplines[discipline].map {
                    threshold($0, weekAgo: report.weeklyChange[discipline], report: report)
                } ?? "null"),
            ]
            let body = fields.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
            return "  \"\(discipline.rawValue)\": {\n\(body)\n  }"
        } + ["  \"rhythm\": " + RhythmProfileJSON.render(report.rhythm)] + otherTuningsField(report)
        return "{\n" + objects.joined(separator: ",\n") + "\n}\n"
    }

    private static func threshold(_ threshold: DisciplineThreshold, weekAgo change: ProfileReport.WeeklyChange?,
                                  report: ProfileReport) -> String {
        let estimate = threshold.estimate
        // What the cents measure: the offset heard 75 % of the time, or the errors' SD.
        var fields: [(String, String)] = [
            ("measure", threshold.discipline.isComparison ? "\"percentCorrect75\"" : "\"errorSD\""),
        ]
        fields += estimateFields(estimate)
        if let bias = threshold.bias { fields.append(("bias", number(bias))) }
        fields.append(("trials", String(estimate.trials)))
        fields.append(("effectiveTrials", number(estimate.effectiveTrials)))
        let registers = threshold.registers.map { register in
            let inner = [("octave", String(register.octave)), ("trials", String(register.trials))]
                + (register.estimate.map(estimateFields)
                   ?? [("kind", "\"notEnoughData\""), ("cents", "null"), ("lower", "null"), ("upper", "null")])
            return "{" + inner.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        fields.append(("registers", registers.isEmpty ? "[]"
                       : "[\n        " + registers.joined(separator: ",\n        ") + "\n      ]"))
        // Where the estimate stood before the last seven days (null when every trial is newer).
        let before = change?.weekAgo.map { "{" + (estimateFields($0) + [("trials", String($0.trials))])
            .map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" } ?? "null"
        fields.append(("weekAgo", before))
        fields.append(("trialsThisWeek", String(change?.trialsThisWeek ?? 0)))
        fields += itemFields(threshold.discipline, report)
        return "{\n" + fields.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }

    static func estimateFields(_ estimate: ThresholdEstimate) -> [(String, String)] {
        [("kind", "\"\(estimate.kind.rawValue)\""), ("cents", number(estimate.cents)),
         ("lower", number(estimate.lower)), ("upper", number(estimate.upper))]
    }

    static func number(_ value: Double?) -> String {
        value.map(DecimalText.format) ?? "null"
    }
}
