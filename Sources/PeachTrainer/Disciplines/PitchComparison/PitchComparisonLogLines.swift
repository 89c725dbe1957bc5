import PeachCore
import PeachTerminal

// Pitch comparison's trial lines in the log (unison and interval).
extension LogLineText {
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
}
