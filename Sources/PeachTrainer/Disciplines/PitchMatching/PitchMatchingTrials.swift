import PeachCore
import PeachTerminal

// Pitch matching's trials, as the run counts them and the reports show them.

extension PitchMatchingTrial: TrialNews, CountedStart {
    public var jsonMode: String { "matching" }

    public var jsonFields: [String: JSONValue] {
        ReportJSON.pitchQuestion(reference: referenceNote, target: targetNote, interval: interval, tuningSystem: tuningSystem)
            .merging(["initialCentOffset": .number(initialCentOffset.rawValue), "referenceFrequency": .number(referenceFrequency.hertz),
                      "targetFrequency": .number(targetFrequency.hertz)]) { _, own in own }
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.question = TrialQuestion(interval: interval, reference: referenceNote, target: targetNote,
                                        tuning: tuningSystem.shownName)
        status.focus = focus.map { (interval == .prime ? "octave \(referenceNote.rawValue / 12 - 1)" : interval.words) + ", " + $0 }
        // No offset to show until the tunable note sounds.
        status.difficulty = nil
        status.prompt = .listen
        status.notice = nil
    }

    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        LogLineText.matchingStarted(self, number: number, mode: status.mode)
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        tally.pitchTrialStarted(.matching(for: interval.interval), in: tuningSystem, standings: standings)
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
        ReportJSON.pitchQuestion(reference: record.referenceNote, target: record.targetNote,
                                 interval: ReportJSON.directed(record), tuningSystem: record.tuningSystem)
            .merging(ReportJSON.pitchStanding(sessionBest: sessionBest, standing)) { _, own in own }
            .merging(["timestamp": .string(ReportJSON.timestamp(record.timestamp)),
                      "initialCentOffset": .number(record.initialCentOffset.rawValue),
                      "userCentError": .number(record.userCentError.rawValue)]) { _, own in own }
    }

    public func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.showPitchResult(TrialQuestion(undirected: record.interval, reference: record.referenceNote, target: record.targetNote,
                                             tuning: record.tuningSystem.shownName),
                               sessionBest: sessionBest, standing: standing)
        // The error shows as the result; matching has no difficulty to show.
        status.difficulty = nil
        status.lastResult = .matching(error: record.userCentError, near: record.userCentError.magnitude <= nearCents)
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
        let standing = standings.standing(of: record.discipline, in: record.tuningSystem)
        tally.pitchTrialCompleted(record.discipline, in: record.tuningSystem, estimateAfter: standing.threshold) {
            $0.absoluteErrors += record.userCentError.magnitude.rawValue
        }
        return PitchMatchingResult(record: record, sessionBest: sessionBest, standing: standing)
    }
}

extension PitchMatchingEvent: TrainerEvents {
    var trialEvent: TrialEvent {
        switch self {
        case .trialStarted(let trial): .started(trial)
        case .stateChanged(let state): .stateChanged(state)
        case .tunableAdjusted(let offset): .tuningMoved(offset)
        case .trialCompleted(let record, let best): .completed(PitchMatchingCompletion(record: record, sessionBest: best))
        case .stopped(let reason): .stopped(reason)
        }
    }
}

extension ActiveSession {
    public static func matching(_ session: PitchMatchingSession) -> ActiveSession {
        ActiveSession(session, answers: .tuning, intervals: session.intervals, pitched: true)
    }
}
