import PeachCore
import PeachTerminal

// Pitch comparison's trials, as the run counts them and the reports show them.

extension PitchComparisonTrial: TrialNews, CountedStart {
    public var jsonMode: String { "comparison" }

    public var jsonFields: [String: JSONValue] {
        ["referenceNote": ReportJSON.note(referenceNote), "targetNote": ReportJSON.note(targetNote),
         "interval": .string(interval.abbreviation), "direction": .string(interval.direction.rawValue),
         "tuningSystem": .string(tuningSystem.rawValue),
         "centOffset": .number(centOffset.rawValue),
         "referenceFrequency": .number(referenceFrequency.hertz),
         "targetFrequency": .number(targetFrequency.hertz)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(interval: interval, reference: referenceNote, target: targetNote)
        status.difficulty = centOffset.magnitude
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.comparisonStarted(self, number: number, mode: status.mode)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        let discipline = TrainingDiscipline.comparison(for: interval.interval)
        tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
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
        let directed = ReportJSON.directed(record)
        return ["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
                "referenceNote": ReportJSON.note(record.referenceNote), "targetNote": ReportJSON.note(record.targetNote),
                "interval": .string(directed.abbreviation), "direction": .string(directed.direction.rawValue),
                "tuningSystem": .string(record.tuningSystem.rawValue),
                "centOffset": .number(record.centOffset.rawValue), "isCorrect": .bool(record.isCorrect),
                "sessionBest": .optional(sessionBest?.rawValue), "trend": .optional(standing.trend?.rawValue),
                "threshold": ReportJSON.threshold(standing.threshold)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(undirected: record.interval, reference: record.referenceNote,
                                        target: record.targetNote)
        status.difficulty = record.centOffset.magnitude
        status.prompt = .feedback
        status.lastResult = .comparison(correct: record.isCorrect, offset: record.centOffset)
        status.sessionBest = sessionBest
        status.trend = standing.trend
        status.threshold = standing.threshold
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
        let standing = standings.standing(of: record.discipline)
        tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
            $0.correct += record.isCorrect ? 1 : 0
        }
        return PitchComparisonResult(record: record, sessionBest: sessionBest, standing: standing)
    }
}
