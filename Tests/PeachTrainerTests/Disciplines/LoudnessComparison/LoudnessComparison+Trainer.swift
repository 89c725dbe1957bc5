import PeachCore
@testable import PeachTerminal
@testable import PeachTrainer

// What the trainer shows of a loudness trial: its events in the trainer's one shape, its JSON
// lines, status line and log line, and its count in the run.

extension LoudnessComparison.Event: TrainerEvents {
    var trialEvent: TrialEvent {
        switch self {
        case .trialStarted(let trial): .started(trial)
        case .stateChanged(let state): .stateChanged(state)
        case .trialCompleted(let record): .completed(record)
        case .stopped(let reason): .stopped(reason)
        }
    }
}

extension LoudnessComparison {
    static let mode = "loudness-comparison"
}

extension LoudnessComparison.Trial: CountedStart {
    var jsonMode: String { LoudnessComparison.mode }
    var jsonFields: [String: JSONValue] { ["differenceDb": .number(difference.decibels)] }

    func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = .listen
    }

    func count(in tally: inout RunTally, standings: any TrainingStandings) {
        tally.trialStarted()
    }
}

extension LoudnessComparison.State: TrialState {
    var jsonMode: String { LoudnessComparison.mode }

    func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = switch self {
        case .idle: .paused
        case .playingFirst, .playingSecond: .listen
        case .awaitingAnswer: .answer
        case .showingFeedback: .feedback
        }
    }
}

extension LoudnessComparison.Record: CountedCompletion, TrialNews {
    var jsonMode: String { LoudnessComparison.mode }
    var jsonFields: [String: JSONValue] { ["differenceDb": .number(difference.decibels), "isCorrect": .bool(isCorrect)] }

    func update(_ status: inout TrainingStatus, nearCents: Cents) {
        status.prompt = .feedback
    }

    func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? {
        "trial \(number): \(isCorrect ? "right" : "wrong") at \(abs(difference.decibels)) dB"
    }

    func counted(in tally: inout RunTally, standings: any TrainingStandings) -> any TrialNews {
        tally.trialCompleted()
        return self
    }
}
