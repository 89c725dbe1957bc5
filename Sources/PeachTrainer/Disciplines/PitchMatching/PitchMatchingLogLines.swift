import PeachCore
import PeachTerminal

// Pitch matching's trial lines in the log (unison and interval).
extension LogLineText {
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
}
