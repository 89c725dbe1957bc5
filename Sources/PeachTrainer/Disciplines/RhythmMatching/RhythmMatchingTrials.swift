import PeachCore
import PeachTerminal

// Rhythm matching's trials, as the run counts them and the reports show them.

extension RhythmMatchingTrial: TrialNews, CountedStart {
    public var jsonMode: String { TrainingMode.rhythmMatching.rawValue }
    public var jsonFields: [String: JSONValue] { ["tempoBPM": .integer(tempo.value)] }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.tempo = tempo
        status.rhythmOffsetPercent = nil
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.rhythmMatchingStarted(self, number: number)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        tally.trialStarted()
    }
}

extension RhythmMatchingState: TrialState {
    public var jsonMode: String { TrainingMode.rhythmMatching.rawValue }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = switch self {
        case .idle: .paused
        case .playingClicks, .awaitingTap: .tap
        case .showingFeedback: .feedback
        }
    }
}

/// The tap window closed without a tap: nothing recorded, the next trial comes.
public struct RhythmTapMissed: TrialProgress {
    public init() {}

    public var jsonEvent: String { "tapMissed" }
    public var jsonMode: String { TrainingMode.rhythmMatching.rawValue }
    public var jsonFields: [String: JSONValue] { [:] }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.lastResult = .rhythmMissed
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.rhythmTapMissed(number: number)
    }
}

/// A tap more than half a sixteenth from the fourth's place: not counted.
public struct RhythmTapOutside: TrialProgress {
    public let offset: RhythmOffset

    public init(offset: RhythmOffset) {
        self.offset = offset
    }

    public var jsonEvent: String { "tapOutside" }
    public var jsonMode: String { TrainingMode.rhythmMatching.rawValue }
    public var jsonFields: [String: JSONValue] { ["offsetMs": .number(offset.milliseconds)] }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.notice = "tap \(CentsText.milliseconds(offset.milliseconds)) from the fourth: outside the window, not counted"
    }

    /// The log says what the status line's notice says.
    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        status.notice
    }
}

/// A completed tap: its record and the profile's statistics for its tempo and side, after it
/// took the record.
public struct RhythmMatchingResult: TrialNews {
    public let record: RhythmMatchingRecord
    public let statistics: DisciplineStatistics?

    public init(record: RhythmMatchingRecord, statistics: DisciplineStatistics?) {
        self.record = record
        self.statistics = statistics
    }

    public var jsonMode: String { TrainingMode.rhythmMatching.rawValue }

    public var jsonFields: [String: JSONValue] {
        ["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
         "tempoBPM": .integer(record.tempo.value), "userOffsetMs": .number(record.userOffset.milliseconds),
         "userOffsetPercent": .number(record.userOffset.percentOfSixteenth(at: record.tempo)),
         "meanPercent": .optional(statistics?.mean)]
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.tempo = record.tempo
        let percent = record.userOffset.percentOfSixteenth(at: record.tempo)
        status.prompt = .feedback
        status.lastResult = .tapOffset(percent: percent, milliseconds: record.userOffset.milliseconds,
                                            near: abs(percent) <= RhythmMatching.nearPercent)
        status.rhythmMean = statistics.map { RhythmMean(direction: record.userOffset.direction, percent: $0.mean) }
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.rhythmMatchingCompleted(record, number: number, statistics: statistics)
    }
}

/// The record counts itself: its cue sounded already, when the route judged the tap.
extension RhythmMatchingRecord: CountedCompletion {
    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews {
        let percent = userOffset.percentOfSixteenth(at: tempo)
        tally.rhythmTrialCompleted(.matching, at: tempo) {
            $0.signedPercents += percent
            $0.absolutePercents += abs(percent)
        }
        return RhythmMatchingResult(record: self, statistics: standings.statistics(of: profileKey))
    }
}

extension RhythmMatchingEvent: TrainerEvents {
    var trialEvent: TrialEvent {
        switch self {
        case .trialStarted(let trial): .started(trial)
        case .stateChanged(let state): .stateChanged(state)
        case .tapMissed: .progress(RhythmTapMissed())
        case .tapOutsideWindow(let offset): .progress(RhythmTapOutside(offset: offset))
        case .trialCompleted(let record): .completed(record)
        case .stopped(let reason): .stopped(reason)
        }
    }
}

extension ActiveSession {
    public static func rhythmMatching(_ session: RhythmMatchingSession) -> ActiveSession {
        ActiveSession(session, answers: .tap)
    }
}
