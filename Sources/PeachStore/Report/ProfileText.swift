import Foundation
import PeachCore

/// `peach profile`: the figures per discipline with data, then for comparison the mean
/// threshold per reference note as a keyboard strip (▯ white key, ▮ black key) with a bar;
/// then rhythm (`RhythmProfileText`).
public enum ProfileText {
    public static func render(_ report: ProfileReport) -> String {
        guard !report.isEmpty || !report.rhythm.isEmpty else {
            return "No training data yet: the profile is at cold start (comparison starts at 100 cents).\n"
        }
        var lines: [String] = []
        for discipline in TrainingDiscipline.allCases {
            let title = ProfileReport.title(of: discipline)
            guard let s = report.statistics[discipline] else {
                lines.append("\(title): no data yet")
                continue
            }
            lines.append("\(title) (\(discipline.isComparison ? "correct answers, |cent offset|" : "|cent error|"))")
            lines.append("  count \(s.count)   mean \(cents(s.mean))   sd \(cents(s.standardDeviation))   "
                         + "EWMA \(cents(s.ewma))   trend \(s.trend?.rawValue ?? "– (needs 2 values)")   "
                         + "expert baseline \(cents(discipline.expertBaseline))")
            if let threshold = report.thresholds.disciplines[discipline] {
                lines += thresholdLines(threshold)
            }
        }
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            guard let thresholds = report.thresholdsByNote[discipline] else { continue }
            lines.append("")
            lines.append("\(ProfileReport.title(of: discipline)): mean threshold by reference note")
            lines += keyboardStrip(thresholds)
        }
        lines.append("")
        lines += RhythmProfileText.lines(report.rhythm)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The estimate from every trial, then per octave of reference note.
    static func thresholdLines(_ threshold: DisciplineThreshold) -> [String] {
        let estimate = threshold.estimate
        let what = threshold.discipline.isComparison
            ? "threshold (75 % correct, " + (estimate.trials == 1 ? "from its only trial)"
                                                                   : "from all \(estimate.trials) trials, right and wrong)")
            : "spread of the errors (SD, from \(RhythmProfileText.count(estimate.trials, "trial")))"
        var line = "  \(what): \(estimate.shortText)"
        if estimate.kind == .interval { line += ", 95 % interval" }
        if let bias = threshold.bias { line += String(format: "; bias %+.1f c", bias) }
        var lines = [line]
        if threshold.registers.count > 1 || threshold.registers.first?.estimate != nil {
            let registers = threshold.registers.map { register in
                "octave \(register.octave): " + (register.estimate?.shortText
                    ?? "not enough data (\(register.trials) of \(ThresholdProfile.minimumTrialsPerRegister) trials)")
            }
            lines.append("  by register: " + registers.joined(separator: " · "))
        }
        return lines
    }

    /// One line per note from the lowest to the highest trained reference note.
    static func keyboardStrip(_ thresholds: [ProfileReport.NoteThreshold]) -> [String] {
        guard let low = thresholds.first?.note.rawValue, let high = thresholds.last?.note.rawValue else { return [] }
        let byNote = Dictionary(uniqueKeysWithValues: thresholds.map { ($0.note.rawValue, $0) })
        let largest = thresholds.map(\.meanCents).max() ?? 1
        let barWidth = 30
        return (low...high).compactMap { number in
            guard let note = try? MIDINote(number) else { return nil }
            let key = note.name.contains("#") ? "▮" : "▯"
            let label = note.name.padding(toLength: 4, withPad: " ", startingAt: 0)
            guard let threshold = byNote[number] else { return "  \(label) \(key)" }
            let length = max(1, Int((threshold.meanCents / largest * Double(barWidth)).rounded()))
            let bar = String(repeating: "█", count: length).padding(toLength: barWidth, withPad: " ", startingAt: 0)
            return "  \(label) \(key) \(bar) \(cents(threshold.meanCents)) (\(threshold.count))"
        }
    }

    static func cents(_ value: Double) -> String {
        String(format: "%.1f c", value)
    }
}
