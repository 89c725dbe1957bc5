import PeachCore
import PeachTerminal

// Pitch matching's trials, as the run counts them and the reports show them.

extension PitchMatchingTrial: TrialNews, CountedStart {
    public var jsonMode: String { "matching" }

    public var jsonFields: [String: JSONValue] {
        ["referenceNote": ReportJSON.note(referenceNote), "targetNote": ReportJSON.note(targetNote),
         "interval": .string(interval.abbreviation), "direction": .string(interval.direction.rawValue),
         "tuningSystem": .string(tuningSystem.rawValue),
         "initialCentOffset": .number(initialCentOffset.rawValue),
         "referenceFrequency": .number(referenceFrequency.hertz),
         "targetFrequency": .number(targetFrequency.hertz)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(interval: interval, reference: referenceNote, target: targetNote)
        // No offset to show until the tunable note sounds.
        status.difficulty = nil
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.matchingStarted(self, number: number, mode: status.mode)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        let discipline = TrainingDiscipline.matching(for: interval.interval)
        tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
    }
}

extension PitchMatchingState: TrialState {
    public var jsonMode: String { "matching" }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = switch self {
        case .idle: .paused
        case .playingReference: .listen
        case .awaitingTouch: .moveToStart
        case .playingTunable: .tune
        case .showingFeedback: .feedback
        }
    }
}

/// The tunable note's offset from the target, after a move of the control.
public struct MatchingAdjustment: TrialProgress {
    public let offset: Cents

    public init(offset: Cents) {
        self.offset = offset
    }

    public var jsonEvent: String { "adjusted" }
    public var jsonMode: String { "matching" }
    public var jsonFields: [String: JSONValue] { ["offset": .number(offset.rawValue)] }

    /// The live offset would let the eyes tune instead of the ears: it shows after the commit.
    public func update(_ status: inout TrainingStatus, nearCents: Cents) {}
}

/// A completed match: its record, the session's closest and the discipline's standing after it.
public struct PitchMatchingResult: TrialNews {
    public let record: PitchMatchingRecord
    public let sessionBest: Cents?
    public let standing: DisciplineStanding

    public init(record: PitchMatchingRecord, sessionBest: Cents?, standing: DisciplineStanding) {
        self.record = record
        self.sessionBest = sessionBest
        self.standing = standing
    }

    public var jsonMode: String { "matching" }

    public var jsonFields: [String: JSONValue] {
        let directed = ReportJSON.directed(record)
        return ["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
                "referenceNote": ReportJSON.note(record.referenceNote), "targetNote": ReportJSON.note(record.targetNote),
                "interval": .string(directed.abbreviation), "direction": .string(directed.direction.rawValue),
                "tuningSystem": .string(record.tuningSystem.rawValue),
                "initialCentOffset": .number(record.initialCentOffset.rawValue),
                "userCentError": .number(record.userCentError.rawValue),
                "sessionBest": .optional(sessionBest?.rawValue), "trend": .optional(standing.trend?.rawValue),
                "threshold": ReportJSON.threshold(standing.threshold)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(undirected: record.interval, reference: record.referenceNote,
                                        target: record.targetNote)
        // The error shows as the result; matching has no difficulty to show.
        status.difficulty = nil
        status.prompt = .feedback
        status.lastResult = .matching(error: record.userCentError, near: record.userCentError.magnitude <= nearCents)
        status.sessionBest = sessionBest
        status.trend = standing.trend
        status.threshold = standing.threshold
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.matchingCompleted(record, number: number, mode: status.mode,
                                      near: record.userCentError.magnitude <= nearCents,
                                      sessionBest: sessionBest, standing: standing)
    }
}

/// A completed match before the run has counted it.
struct PitchMatchingCompletion: CountedCompletion {
    let record: PitchMatchingRecord
    let sessionBest: Cents?

    func sound(on feedback: TrainerFeedback) async {
        await feedback.matchingCompleted(error: record.userCentError)
    }

    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews {
        let standing = standings.standing(of: record.discipline)
        tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
            $0.absoluteErrors += record.userCentError.magnitude.rawValue
        }
        return PitchMatchingResult(record: record, sessionBest: sessionBest, standing: standing)
    }
}
