import Foundation
import PeachCore

extension ProfileJSON {
    /// After `rhythm`, only where interval trials in a tuning beyond the iOS app's two exist
    /// (issue 32): `otherTunings`, an object keyed by the tuning's identifier (as records keep
    /// it), in name order, each {name (a built-in's name, a Scala scale's description), then per
    /// interval discipline trained in it: {measure, kind, cents, lower, upper, bias (matching),
    /// trials, intervals (as a discipline's)}}. These trials are in no discipline's figures.
    static func otherTuningsField(_ report: ProfileReport) -> [String] {
        guard !report.otherTunings.isEmpty else { return [] }
        var tunings: [String] = []
        for other in report.otherTunings where !tunings.contains(other.tuningSystem) { tunings.append(other.tuningSystem) }
        let objects = tunings.sorted().map { tuning in
            let disciplines = report.otherTunings.filter { $0.tuningSystem == tuning }
            let fields = [("name", string(disciplines[0].tuningName))] + disciplines.map { other in
                (other.discipline.rawValue, disciplineObject(other, report))
            }
            return "    \(string(tuning)): {\n" + fields.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
        }
        return ["  \"otherTunings\": {\n" + objects.joined(separator: ",\n") + "\n  }"]
    }

    private static func disciplineObject(_ other: ProfileReport.OtherTuning, _ report: ProfileReport) -> String {
        var fields = [("measure", other.discipline.isComparison ? "\"percentCorrect75\"" : "\"errorSD\"")]
        fields += figures(other.threshold?.estimate, centsKey: "cents")
        if let bias = other.threshold?.bias { fields.append(("bias", number(bias))) }
        fields.append(("trials", String(other.trials)))
        fields.append(("intervals", list(report.intervals(in: other).map(intervalObject))))
        return "{\n" + fields.map { "        \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n      }"
    }

    /// A JSON string: a Scala scale's description is the user's text and may hold quotes.
    static func string(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes  // "meantone-1/4", not "meantone-1\/4"
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }
}
