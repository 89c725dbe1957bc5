import PeachCore
import PeachTerminal

// Pitch comparison's trials, as the run counts them and the reports show them.

extension PitchComparisonTrial: TrialNews, CountedStart {
    public var jsonMode: String { "comparison" }

    public var jsonFields: [String: JSONValue] {
        ReportJSON.pitchQuestion(reference: referenceNote, target: targetNote, interval: interval, tuningSystem: tuningSystem)
            .merging(["centOffset": .number(centOffset.rawValue), "referenceFrequency": .number(referenceFrequency.hertz),
                      "targetFrequency": .number(targetFrequency.hertz)]) { _, own in own }
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(interval: interval, reference: referenceNote, target: targetNote,
                                        tuning: tuningSystem.shownName)
        status.focus = focus.map { (interval == .prime ? "octave \(referenceNote.rawValue / 12 - 1)" : interval.words) + ", " + $0 }
        status.difficulty = centOffset.magnitude
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.comparisonStarted(self, number: number, mode: status.mode)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        tally.pitchTrialStarted(.comparison(for: interval.interval), in: tuningSystem, standings: standings)
    }
}

extension PitchComparisonState: TrialState {
    public var jsonMode: String { "comparison" }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = switch self {
        case .idle: .paused
        case .playingNote1: .listen
        case .playingNote2, .awaitingAnswer: .answer
        case .showingFeedback: .feedback
        }
    }
}

/// A completed comparison: its record, the session's finest offset and the discipline's standing after it.
public struct PitchComparisonResult: TrialNews {
    public let record: PitchComparisonRecord
    public let sessionBest: Cents?
    public let standing: DisciplineStanding

    public init(record: PitchComparisonRecord, sessionBest: Cents?, standing: DisciplineStanding) {
        self.record = record
        self.sessionBest = sessionBest
        self.standing = standing
    }

    public var jsonMode: String { "comparison" }

    public var jsonFields: [String: JSONValue] {
        ReportJSON.pitchQuestion(reference: record.referenceNote, target: record.targetNote,
                                 interval: ReportJSON.directed(record), tuningSystem: record.tuningSystem)
            .merging(ReportJSON.pitchStanding(sessionBest: sessionBest, standing)) { _, own in own }
            .merging(["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
                      "centOffset": .number(record.centOffset.rawValue), "isCorrect": .bool(record.isCorrect)]) { _, own in own }
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.showPitchResult(TrialQuestion(undirected: record.interval, reference: record.referenceNote, target: record.targetNote,
                                             tuning: record.tuningSystem.shownName),
                               sessionBest: sessionBest, standing: standing)
        status.difficulty = record.centOffset.magnitude
        status.lastResult = .comparison(correct: record.isCorrect, offset: record.centOffset)
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.comparisonCompleted(record, number: number, mode: status.mode, sessionBest: sessionBest, standing: standing)
    }
}

/// A completed comparison before the run has counted it.
struct PitchComparisonCompletion: CountedCompletion {
    let record: PitchComparisonRecord
    let sessionBest: Cents?

    func sound(on feedback: TrainerFeedback) async {
        await feedback.comparisonCompleted(correct: record.isCorrect)
    }

    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews {
        let standing = standings.standing(of: record.discipline, in: record.tuningSystem)
        tally.pitchTrialCompleted(record.discipline, in: record.tuningSystem, estimateAfter: standing.threshold) {
            $0.correct += record.isCorrect ? 1 : 0
        }
        return PitchComparisonResult(record: record, sessionBest: sessionBest, standing: standing)
    }
}

extension PitchComparisonEvent: TrainerEvents {
    var trialEvent: TrialEvent {
        switch self {
        case .trialStarted(let trial): .started(trial)
        case .stateChanged(let state): .stateChanged(state)
        case .trialCompleted(let record, let best): .completed(PitchComparisonCompletion(record: record, sessionBest: best))
        case .stopped(let reason): .stopped(reason)
        }
    }
}

extension ActiveSession {
    public static func comparison(_ session: PitchComparisonSession) -> ActiveSession {
        ActiveSession(session, answers: .higherOrLower, intervals: session.intervals, pitched: true)
    }
}
