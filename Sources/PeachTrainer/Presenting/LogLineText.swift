import PeachCore
import PeachTerminal

/// The wording of the plain log lines (and of the lines printed above the status line).
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
    /// threshold 4.3 c (3.6–5.2), before this run 5.1 c (4.0–6.6)".
    static func summary(_ summary: RunSummary) -> [String] {
        summary.entries.filter { $0.trials > 0 }.map { entry in
            let name = entry.discipline.displayName
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

    /// One line per rhythm discipline and tempo, e.g. "rhythm matching at 80 BPM: 20 trials,
    /// mean 2.1 % late, mean |offset| 4.0 %".
    static func rhythmSummary(_ summary: RunSummary) -> [String] {
        summary.rhythm.filter { $0.trials > 0 }.map { entry in
            let head = "\(entry.discipline.displayName) at \(entry.tempo): \(entry.trials) \(entry.trials == 1 ? "trial" : "trials")"
            if let correct = entry.percentCorrect { return head + ", \(Int(correct.rounded())) % correct" }
            let mean = entry.meanOffsetPercent.map { ", mean " + SixteenthPercentText.text(percent: $0) } ?? ""
            let size = entry.meanAbsolutePercent.map { ", mean |offset| " + SixteenthPercentText.magnitudeText(percent: $0) } ?? ""
            return head + mean + size
        }
    }

    /// "trial 3 · rhythm offset detection · 80 BPM · off by 8 % · started" (the side is the question).
    static func rhythmOffsetDetectionStarted(_ trial: RhythmOffsetDetectionTrial, number: Int) -> String {
        "trial \(number) · \(TrainingMode.rhythmOffsetDetection) · \(trial.tempo) · off by "
            + SixteenthPercentText.magnitudeText(percent: trial.offset.percentOfSixteenth(at: trial.tempo)) + " · started"
    }

    /// "trial 3 · rhythm offset detection · 80 BPM · 8 % late (+15.0 ms) · answered early · wrong (late mean 6 %)"
    static func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, number: Int,
                                               statistics: DisciplineStatistics?) -> String {
        let late = record.offset.direction == .late
        let answeredLate = late == record.isCorrect
        return "trial \(number) · \(TrainingMode.rhythmOffsetDetection) · \(record.tempo) · "
            + SixteenthPercentText.text(percent: record.offset.percentOfSixteenth(at: record.tempo))
            + " (\(CentsText.milliseconds(record.offset.milliseconds)))"
            + " · answered \(answeredLate ? "late" : "early") · \(record.isCorrect ? "correct" : "wrong")"
            + rhythmMean(statistics, record.offset.direction)
    }

    /// "trial 4 · rhythm matching · 80 BPM · three clicks, tap the fourth"
    static func rhythmMatchingStarted(_ trial: RhythmMatchingTrial, number: Int) -> String {
        "trial \(number) · \(TrainingMode.rhythmMatching) · \(trial.tempo) · three clicks, tap the fourth"
    }

    /// "trial 4 · rhythm matching · 80 BPM · tap 4 % early (−5.2 ms) (early mean 5 %)"
    static func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, number: Int, statistics: DisciplineStatistics?) -> String {
        "trial \(number) · \(TrainingMode.rhythmMatching) · \(record.tempo) · tap "
            + SixteenthPercentText.text(percent: record.userOffset.percentOfSixteenth(at: record.tempo))
            + " (\(CentsText.milliseconds(record.userOffset.milliseconds)))"
            + rhythmMean(statistics, record.userOffset.direction)
    }

    /// "trial 4 · rhythm matching · no tap in time: the next trial comes"
    static func rhythmTapMissed(number: Int) -> String {
        "trial \(number) · \(TrainingMode.rhythmMatching) · no tap in time: the next trial comes"
    }

    private static func rhythmMean(_ statistics: DisciplineStatistics?, _ direction: RhythmDirection) -> String {
        statistics.map { " (\(direction.rawValue) mean " + SixteenthPercentText.magnitudeText(percent: $0.mean) + ")" } ?? ""
    }

    /// "trial 3 · interval comparison · P5 up from C4 to G4 · detuned 12.5 c · started"
    static func comparisonStarted(_ trial: PitchComparisonTrial, number: Int, mode: TrainingMode) -> String {
        let question = TrialQuestion(interval: trial.interval, reference: trial.referenceNote, target: trial.targetNote,
                                     tuning: trial.tuningSystem.shownName)
        return "trial \(number) · \(mode) · \(question.longText) · detuned \(CentsText.magnitude(trial.centOffset)) · started"
    }

    /// "trial 3 · comparison · unison on C4 · detuned +12.5 c · answered higher · correct (finest 10.0 c,
    /// trend improving, threshold 4.3 c (3.6–5.2))"
    static func comparisonCompleted(_ record: PitchComparisonRecord, number: Int, mode: TrainingMode,
                                    sessionBest: Cents?, standing: DisciplineStanding) -> String {
        let answeredHigher = (record.centOffset.rawValue > 0) == record.isCorrect
        return "trial \(number) · \(mode) · \(question(record.interval, record.referenceNote, record.targetNote))"
            + " · detuned \(CentsText.signed(record.centOffset))"
            + " · answered \(answeredHigher ? "higher" : "lower") · \(record.isCorrect ? "correct" : "wrong")"
            + Self.standing(best: sessionBest.map { "finest " + CentsText.magnitude($0) }, standing, measure: "threshold")
    }

    /// "trial 4 · matching · unison on G4 · started": not where the note starts, which would
    /// tell a musician reading the log (or a rig's display) which way to tune.
    static func matchingStarted(_ trial: PitchMatchingTrial, number: Int, mode: TrainingMode) -> String {
        let question = TrialQuestion(interval: trial.interval, reference: trial.referenceNote, target: trial.targetNote,
                                     tuning: trial.tuningSystem.shownName)
        return "trial \(number) · \(mode) · \(question.longText) · started"
    }

    /// "trial 4 · interval matching · P5 up from C4 to G4 · started −13.2 c · ended +2.1 c · near
    /// (closest 1.5 c, trend stable, spread 3.1 c (2.5–4.0))"
    static func matchingCompleted(_ record: PitchMatchingRecord, number: Int, mode: TrainingMode, near: Bool,
                                  sessionBest: Cents?, standing: DisciplineStanding) -> String {
        "trial \(number) · \(mode) · \(question(record.interval, record.referenceNote, record.targetNote))"
            + " · started \(CentsText.signed(record.initialCentOffset)) · ended \(CentsText.signed(record.userCentError))"
            + " · \(near ? "near" : "far")"
            + Self.standing(best: sessionBest.map { "closest " + CentsText.magnitude($0) }, standing, measure: "spread")
    }

    private static func standing(best: String?, _ standing: DisciplineStanding, measure: String) -> String {
        let parts = [best, standing.trend.map { "trend \($0.rawValue)" },
                     standing.threshold.map { "\(measure) " + $0.shortText }]
            .compactMap { $0 }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    private static func question(_ interval: Interval, _ reference: MIDINote, _ target: MIDINote) -> String {
        TrialQuestion(undirected: interval, reference: reference, target: target).longText
    }
}
