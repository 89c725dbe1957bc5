import PeachCore
import PeachTerminal

// Rhythm matching's trial lines in the log.
extension LogLineText {
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
}
