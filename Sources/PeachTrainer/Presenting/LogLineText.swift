import PeachCore
import PeachTerminal

/// The wording of the plain log lines (and of the lines printed above the status line) that
/// every discipline shares; each discipline's trial lines are in its folder (`Disciplines/<Name>/`).
enum LogLineText {
    static func started(mode: TrainingMode, intervals: String?, output: String, input: String?) -> String {
        let trained = intervals.map { "\(mode) \($0)" } ?? mode.description
        return "training \(trained) · sending to \(output) · answers from \(input ?? "the terminal keys")"
    }

    /// - Parameter goesOn: the controls that go on after a pause (the rig's, not the space bar
    ///   where no terminal is read).
    static func stopped(mode: TrainingMode, problem: String?, goesOn: String) -> String {
        guard let problem else { return "\(mode) paused · \(goesOn) goes on" }
        return "\(mode) stopped: \(problem)"
    }

    static func finished(completedTrials: Int) -> String {
        "finished · \(completedTrials) \(completedTrials == 1 ? "trial" : "trials") completed"
    }

    /// One line per discipline trained, e.g. "unison comparison: 40 trials, 75 % correct ·
    /// threshold 4.3 c (3.6–5.2), before this run 5.1 c (4.0–6.6)"; an interval discipline
    /// names its tuning unless it is equal temperament: "interval comparison in meantone-1/4: …".
    static func summary(_ summary: RunSummary) -> [String] {
        summary.entries.filter { $0.trials > 0 }.map { entry in
            let name = entry.discipline.displayName + (entry.shownTuning.map { " in \($0.terminalSafe)" } ?? "")
            let trials = "\(entry.trials) \(entry.trials == 1 ? "trial" : "trials")"
            let result = entry.percentCorrect.map { String(format: "%.0f %% correct", $0) }
                ?? entry.meanAbsoluteError.map { String(format: "mean |error| %.1f c", $0) } ?? ""
            let measure = entry.discipline.isComparison ? "threshold" : "spread"
            var line = "\(name): \(trials), \(result)"
            if let after = entry.after {
                line += " · \(measure) \(after.shortText)"
                line += ", before this run " + (entry.before?.shortText ?? "no trials")
            }
            return line
        }
    }

    /// One line per rhythm discipline and tempo: "… at 80 BPM: 20 trials, 85 % correct" or
    /// "… at 80 BPM: 20 trials, mean 2.1 % late, mean |offset| 4.0 %".
    static func rhythmSummary(_ summary: RunSummary) -> [String] {
        summary.rhythm.filter { $0.trials > 0 }.map { entry in
            let head = "\(entry.discipline.displayName) at \(entry.tempo): \(entry.trials) \(entry.trials == 1 ? "trial" : "trials")"
            if let correct = entry.percentCorrect { return head + ", \(Int(correct.rounded())) % correct" }
            let mean = entry.meanOffsetPercent.map { ", mean " + SixteenthPercentText.text(percent: $0) } ?? ""
            let size = entry.meanAbsolutePercent.map { ", mean |offset| " + SixteenthPercentText.magnitudeText(percent: $0) } ?? ""
            return head + mean + size
        }
    }

    /// " (late mean 6 %)": the discipline's mean on the side of the beat the trial was on.
    static func rhythmMean(_ statistics: DisciplineStatistics?, _ direction: RhythmDirection) -> String {
        statistics.map { " (\(direction.rawValue) mean " + SixteenthPercentText.magnitudeText(percent: $0.mean) + ")" } ?? ""
    }

    /// " (finest 10.0 c, trend improving, threshold 4.3 c (3.6–5.2))"
    static func standing(best: String?, _ standing: DisciplineStanding, measure: String) -> String {
        let parts = [best, standing.trend.map { "trend \($0.rawValue)" },
                     standing.threshold.map { "\(measure) " + $0.shortText }]
            .compactMap { $0 }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    static func question(_ interval: Interval, _ reference: MIDINote, _ target: MIDINote) -> String {
        TrialQuestion(undirected: interval, reference: reference, target: target).longText
    }
}
