import PeachCore
import PeachTerminal

// Rhythm offset detection's trials, as the run counts them and the reports show them.

extension RhythmOffsetDetectionTrial: TrialNews, CountedStart {
    public var jsonMode: String { TrainingMode.rhythmOffsetDetection.rawValue }

    /// The offset's size only: its side is the question.
    public var jsonFields: [String: JSONValue] {
        ["tempoBPM": .integer(tempo.value), "offsetPercent": .number(abs(offset.percentOfSixteenth(at: tempo)))]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.tempo = tempo
        status.rhythmOffsetPercent = abs(offset.percentOfSixteenth(at: tempo))
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.rhythmOffsetDetectionStarted(self, number: number)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        tally.trialStarted()
    }
}

extension RhythmOffsetDetectionState: TrialState {
    public var jsonMode: String { TrainingMode.rhythmOffsetDetection.rawValue }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = switch self {
        case .idle: .paused
        case .playingClicks: .listen
        case .awaitingAnswer: .earlyOrLate
        case .showingFeedback: .feedback
        }
    }
}

/// A completed offset detection: its record and the profile's statistics for its tempo and
/// side, after it took the record.
public struct RhythmOffsetDetectionResult: TrialNews {
    public let record: RhythmOffsetDetectionRecord
    public let statistics: DisciplineStatistics?

    public init(record: RhythmOffsetDetectionRecord, statistics: DisciplineStatistics?) {
        self.record = record
        self.statistics = statistics
    }

    public var jsonMode: String { TrainingMode.rhythmOffsetDetection.rawValue }

    public var jsonFields: [String: JSONValue] {
        ["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
         "tempoBPM": .integer(record.tempo.value), "offsetMs": .number(record.offset.milliseconds),
         "offsetPercent": .number(record.offset.percentOfSixteenth(at: record.tempo)),
         "isCorrect": .bool(record.isCorrect), "meanPercent": .optional(statistics?.mean)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.tempo = record.tempo
        let percent = record.offset.percentOfSixteenth(at: record.tempo)
        status.rhythmOffsetPercent = abs(percent)
        status.prompt = .feedback
        status.lastResult = .rhythmOffsetDetection(correct: record.isCorrect, percent: percent)
        status.rhythmMean = statistics.map { RhythmMean(direction: record.offset.direction, percent: $0.mean) }
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.rhythmOffsetDetectionCompleted(record, number: number, statistics: statistics)
    }
}

/// The record counts itself: its cue sounded already, when the route judged the answer.
extension RhythmOffsetDetectionRecord: CountedCompletion {
    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews {
        tally.rhythmTrialCompleted(.offsetDetection, at: tempo) { $0.correct += isCorrect ? 1 : 0 }
        return RhythmOffsetDetectionResult(record: self, statistics: standings.statistics(of: profileKey))
    }
}

extension RhythmOffsetDetectionEvent: TrainerEvents {
    var trialEvent: TrialEvent {
        switch self {
        case .trialStarted(let trial): .started(trial)
        case .stateChanged(let state): .stateChanged(state)
        case .trialCompleted(let record): .completed(record)
        case .stopped(let reason): .stopped(reason)
        }
    }
}

extension ActiveSession {
    public static func rhythmOffsetDetection(_ session: RhythmOffsetDetectionSession) -> ActiveSession {
        ActiveSession(session, answers: .earlyOrLate)
    }
}
