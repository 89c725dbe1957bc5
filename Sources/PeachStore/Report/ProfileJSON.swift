import PeachCore

/// `peach profile --json`: one object per discipline, always all four, keys in this order:
/// {count, mean, stdDev, ewma, trend}. A discipline without data has count 0 and null
/// figures; trend is null until a discipline has two values.
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
            ]
            let body = fields.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
            return "  \"\(discipline.rawValue)\": {\n\(body)\n  }"
        }
        return "{\n" + objects.joined(separator: ",\n") + "\n}\n"
    }

    private static func number(_ value: Double?) -> String {
        value.map(DecimalText.format) ?? "null"
    }
}
