import Foundation
import PeachCore

/// `peach profile`: per discipline the estimate a musician can trust (the threshold or spread
/// from every trial, with its 95 % interval) and where it stood a week ago; then rhythm
/// (`RhythmProfileText`). `--full` adds, per discipline, the estimate per register, the
/// profile's running figures and, for comparison, the correct answers' mean |offset| per
/// reference note as a keyboard strip (▯ white key, ▮ black key), each named for what it is.
public enum ProfileText {
    public static func render(_ report: ProfileReport, full: Bool = false) -> String {
        guard !report.isEmpty || !report.rhythm.isEmpty else {
            return "No training data yet: the profile is at cold start (comparison starts at 100 cents).\n"
        }
        // Where to work first, in words, before the figures (issue 33).
        let weakSpots = weakSpotLines(report)
        var lines = weakSpots.isEmpty ? [] : weakSpots + [""]
        lines += full ? fullLines(report) : shortLines(report)
        let changes = full ? [] : changeLines(report)
        if !changes.isEmpty { lines += [""] + changes }
        lines.append("")
        lines += RhythmProfileText.lines(report.rhythm)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Short

    /// One line per discipline: "Unison comparison     threshold 13 c (10–18) · a week ago 15 c (12–19)".
    static func shortLines(_ report: ProfileReport) -> [String] {
        let width = (TrainingDiscipline.allCases.map { ProfileReport.title(of: $0).count }
                     + report.otherTunings.map(\.title.count)).max()! + 2
        var lines = ["Your estimates, 95 % interval in brackets (peach profile --full for every figure):"]
        for discipline in TrainingDiscipline.allCases {
            let title = ProfileReport.title(of: discipline).padding(toLength: width, withPad: " ", startingAt: 0)
            guard let threshold = report.thresholds.disciplines[discipline] else {
                lines.append(title + "no trials yet" + (onlyApart(discipline, report) ? " in \(iOSTunings)" : ""))
                continue
            }
            var line = title + "\(measure(discipline)) \(threshold.estimate.shortText)"
            if let bias = threshold.bias { line += String(format: ", bias %+.1f c", bias) }
            line += ", \(count(threshold.estimate.trials, "trial"))"
            if let change = report.weeklyChange[discipline] { line += " · " + changeText(change, threshold.estimate) }
            lines.append(line)
        }
        return lines + otherTuningLines(report, width: width)
    }

    /// "threshold" or "spread (SD)": what the estimate measures.
    static func measure(_ discipline: TrainingDiscipline) -> String {
        discipline.isComparison ? "threshold" : "spread (SD)"
    }

    /// "a week ago 15 c (12–19), 84 trials since", "new this week", "no trials this week".
    static func changeText(_ change: ProfileReport.WeeklyChange, _ now: ThresholdEstimate) -> String {
        guard change.trialsThisWeek > 0 else { return "no trials this week" }
        guard let before = change.weekAgo else { return "new this week" }
        var text = "a week ago \(before.shortText)"
        if let was = before.cents, let latest = now.cents, before.kind == .interval, now.kind == .interval {
            text += String(format: " (%+.1f c)", latest - was)
        }
        return text
    }

    // MARK: - Full

    static func fullLines(_ report: ProfileReport) -> [String] {
        var lines: [String] = []
        for discipline in TrainingDiscipline.allCases {
            let title = ProfileReport.title(of: discipline)
            guard let threshold = report.thresholds.disciplines[discipline] else {
                lines.append("\(title): no data yet" + (onlyApart(discipline, report) ? " in \(iOSTunings)" : ""))
                lines += itemLines(discipline, report)
                continue
            }
            lines.append(title)
            lines += thresholdLines(threshold)
            lines += itemLines(discipline, report)
            if let change = report.weeklyChange[discipline] {
                lines.append("  since last week: " + changeText(change, threshold.estimate))
            }
            let measured = discipline.isComparison ? "the correct answers' |cent offset|" : "|cent error|"
            guard let s = report.statistics[discipline] else {
                lines.append("  running figures of \(measured): none (no correct answer yet)")
                continue
            }
            lines.append("  running figures of \(measured), not the estimate above:")
            lines.append("  count \(s.count)   mean \(cents(s.mean))   sd \(cents(s.standardDeviation))   "
                         + "EWMA \(cents(s.ewma))   trend \(s.trend?.rawValue ?? "– (needs 2 values)")   "
                         + "expert baseline \(cents(discipline.expertBaseline))")
        }
        lines += fullOtherTuningLines(report)
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            guard let thresholds = report.thresholdsByNote[discipline] else { continue }
            lines.append("")
            lines.append("\(ProfileReport.title(of: discipline)): mean |offset| of the correct answers by reference note "
                         + "(not the threshold: right answers come from offsets above it; its estimate per octave is above)")
            lines += keyboardStrip(thresholds)
        }
        return lines
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

    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
