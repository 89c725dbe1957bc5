import PeachCore
import PeachTerminal

// Rhythm offset detection's trial lines in the log.
extension LogLineText {
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
}
