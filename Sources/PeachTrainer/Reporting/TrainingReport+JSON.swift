import Foundation
import PeachCore

extension TrainingReport {
    /// The report as one JSON object: `event` names it, `mode` and `trial` say where it belongs;
    /// notes are MIDI numbers with their names, pitches in Hz, offsets in cents (signed: the
    /// sign of a comparison's offset is the right answer, so scripts can check it).
    var json: [String: JSONValue] {
        switch self {
        case .started(let mode, let intervals, let output, let input, _):
            return ["event": .string("started"), "mode": .string(mode.rawValue),
                    "intervals": .array(intervals.map { .string($0.abbreviation) }),
                    "output": .string(output), "input": .optional(input)]
        case .comparisonTrialStarted(let trial, let number):
            return ["event": .string("trialStarted"), "mode": .string("comparison"), "trial": .integer(number),
                    "referenceNote": Self.note(trial.referenceNote), "targetNote": Self.note(trial.targetNote),
                    "interval": .string(trial.interval.abbreviation), "direction": .string(trial.interval.direction.rawValue),
                    "tuningSystem": .string(trial.tuningSystem.rawValue),
                    "centOffset": .number(trial.centOffset.rawValue),
                    "referenceFrequency": .number(trial.referenceFrequency.hertz),
                    "targetFrequency": .number(trial.targetFrequency.hertz)]
        case .comparisonStateChanged(let state, let trial):
            return ["event": .string("state"), "mode": .string("comparison"), "trial": .integer(trial),
                    "state": .string(state.rawValue)]
        case .comparisonCompleted(let record, let trial, let best, let standing):
            return ["event": .string("trialCompleted"), "mode": .string("comparison"), "trial": .integer(trial),
                    "timestamp": .string(Self.timestamp(record.timestamp)),
                    "referenceNote": Self.note(record.referenceNote), "targetNote": Self.note(record.targetNote),
                    "interval": .string(Self.directed(record).abbreviation), "direction": .string(Self.directed(record).direction.rawValue),
                    "tuningSystem": .string(record.tuningSystem.rawValue),
                    "centOffset": .number(record.centOffset.rawValue), "isCorrect": .bool(record.isCorrect),
                    "sessionBest": .optional(best?.rawValue), "trend": .optional(standing.trend?.rawValue),
                    "threshold": Self.threshold(standing.threshold)]
        case .matchingTrialStarted(let trial, let number):
            return ["event": .string("trialStarted"), "mode": .string("matching"), "trial": .integer(number),
                    "referenceNote": Self.note(trial.referenceNote), "targetNote": Self.note(trial.targetNote),
                    "interval": .string(trial.interval.abbreviation), "direction": .string(trial.interval.direction.rawValue),
                    "tuningSystem": .string(trial.tuningSystem.rawValue),
                    "initialCentOffset": .number(trial.initialCentOffset.rawValue),
                    "referenceFrequency": .number(trial.referenceFrequency.hertz),
                    "targetFrequency": .number(trial.targetFrequency.hertz)]
        case .matchingStateChanged(let state, let trial):
            return ["event": .string("state"), "mode": .string("matching"), "trial": .integer(trial),
                    "state": .string(state.rawValue)]
        case .matchingAdjusted(let offset, let trial):
            return ["event": .string("adjusted"), "mode": .string("matching"), "trial": .integer(trial),
                    "offset": .number(offset.rawValue)]
        case .matchingCompleted(let record, let trial, let best, let standing):
            return ["event": .string("trialCompleted"), "mode": .string("matching"), "trial": .integer(trial),
                    "timestamp": .string(Self.timestamp(record.timestamp)),
                    "referenceNote": Self.note(record.referenceNote), "targetNote": Self.note(record.targetNote),
                    "interval": .string(Self.directed(record).abbreviation), "direction": .string(Self.directed(record).direction.rawValue),
                    "tuningSystem": .string(record.tuningSystem.rawValue),
                    "initialCentOffset": .number(record.initialCentOffset.rawValue),
                    "userCentError": .number(record.userCentError.rawValue),
                    "sessionBest": .optional(best?.rawValue), "trend": .optional(standing.trend?.rawValue),
                    "threshold": Self.threshold(standing.threshold)]
        case .rhythmOffsetDetectionTrialStarted(let trial, let number):
            // The offset's size only: its side is the question.
            return ["event": .string("trialStarted"), "mode": .string(TrainingMode.rhythmOffsetDetection.rawValue),
                    "trial": .integer(number), "tempoBPM": .integer(trial.tempo.value),
                    "offsetPercent": .number(abs(trial.offset.percentOfSixteenth(at: trial.tempo)))]
        case .rhythmOffsetDetectionStateChanged(let state, let trial):
            return ["event": .string("state"), "mode": .string(TrainingMode.rhythmOffsetDetection.rawValue),
                    "trial": .integer(trial), "state": .string(state.rawValue)]
        case .rhythmOffsetDetectionCompleted(let record, let trial, let statistics):
            return ["event": .string("trialCompleted"), "mode": .string(TrainingMode.rhythmOffsetDetection.rawValue),
                    "trial": .integer(trial), "timestamp": .string(Self.timestamp(record.timestamp)),
                    "tempoBPM": .integer(record.tempo.value), "offsetMs": .number(record.offset.milliseconds),
                    "offsetPercent": .number(record.offset.percentOfSixteenth(at: record.tempo)),
                    "isCorrect": .bool(record.isCorrect), "meanPercent": .optional(statistics?.mean)]
        case .rhythmMatchingTrialStarted(let trial, let number):
            return ["event": .string("trialStarted"), "mode": .string(TrainingMode.rhythmMatching.rawValue),
                    "trial": .integer(number), "tempoBPM": .integer(trial.tempo.value)]
        case .rhythmMatchingStateChanged(let state, let trial):
            return ["event": .string("state"), "mode": .string(TrainingMode.rhythmMatching.rawValue),
                    "trial": .integer(trial), "state": .string(state.rawValue)]
        case .rhythmMatchingTapMissed(let trial):
            return ["event": .string("tapMissed"), "mode": .string(TrainingMode.rhythmMatching.rawValue), "trial": .integer(trial)]
        case .rhythmMatchingTapOutside(let offset, let trial):
            return ["event": .string("tapOutside"), "mode": .string(TrainingMode.rhythmMatching.rawValue),
                    "trial": .integer(trial), "offsetMs": .number(offset.milliseconds)]
        case .rhythmMatchingCompleted(let record, let trial, let statistics):
            return ["event": .string("trialCompleted"), "mode": .string(TrainingMode.rhythmMatching.rawValue),
                    "trial": .integer(trial), "timestamp": .string(Self.timestamp(record.timestamp)),
                    "tempoBPM": .integer(record.tempo.value), "userOffsetMs": .number(record.userOffset.milliseconds),
                    "userOffsetPercent": .number(record.userOffset.percentOfSixteenth(at: record.tempo)),
                    "meanPercent": .optional(statistics?.mean)]
        case .stopped(let mode, let problem):
            return ["event": .string("stopped"), "mode": .string(mode.rawValue), "problem": .optional(problem)]
        case .notice(let message):
            return ["event": .string("notice"), "message": .string(message)]
        case .finished(let completed, let summary):
            return ["event": .string("finished"), "completedTrials": .integer(completed),
                    "disciplines": .array(summary.entries.filter { $0.trials > 0 }.map(Self.summaryEntry)
                        + summary.rhythm.filter { $0.trials > 0 }.map(Self.rhythmSummaryEntry))]
        }
    }

    /// One discipline of the run's summary: trials, percent correct or mean |error|, the
    /// estimate before the run and after it.
    private static func summaryEntry(_ entry: RunSummary.Entry) -> JSONValue {
        .object(["discipline": .string(entry.discipline.rawValue), "trials": .integer(entry.trials),
                 "percentCorrect": .optional(entry.percentCorrect), "meanAbsoluteError": .optional(entry.meanAbsoluteError),
                 "thresholdBefore": threshold(entry.before), "thresholdAfter": threshold(entry.after)])
    }

    /// One rhythm discipline at one tempo: trials, percent correct (offset detection) or the
    /// taps' mean offset and mean size (matching), in percent of a sixteenth.
    private static func rhythmSummaryEntry(_ entry: RunSummary.RhythmEntry) -> JSONValue {
        let discipline = entry.discipline == .offsetDetection ? TrainingMode.rhythmOffsetDetection : .rhythmMatching
        return .object(["discipline": .string(discipline.rawValue), "tempoBPM": .integer(entry.tempo.value),
                        "trials": .integer(entry.trials), "percentCorrect": .optional(entry.percentCorrect),
                        "meanOffsetPercent": .optional(entry.meanOffsetPercent),
                        "meanAbsoluteOffsetPercent": .optional(entry.meanAbsolutePercent)])
    }

    /// The estimate after the trial, as `peach profile --json` gives it: kind, cents, the 95 %
    /// interval's ends (null where unbounded), trials; null before the discipline's first trial.
    private static func threshold(_ estimate: ThresholdEstimate?) -> JSONValue {
        guard let estimate else { return .null }
        return .object(["kind": .string(estimate.kind.rawValue), "cents": .optional(estimate.cents),
                        "lower": .optional(estimate.lower), "upper": .optional(estimate.upper),
                        "trials": .integer(estimate.trials)])
    }

    /// Records keep the interval undirected; the notes give the direction back.
    private static func directed(_ record: PitchComparisonRecord) -> DirectedInterval {
        DirectedInterval(record.interval, record.targetNote < record.referenceNote ? .down : .up)
    }

    private static func directed(_ record: PitchMatchingRecord) -> DirectedInterval {
        DirectedInterval(record.interval, record.targetNote < record.referenceNote ? .down : .up)
    }

    private static func note(_ note: MIDINote) -> JSONValue {
        .object(["number": .integer(note.rawValue), "name": .string(note.name)])
    }

    /// The text the store keeps for the record, as its export writes it: UTC, whole milliseconds.
    /// (Foundation's ISO 8601 style truncates the binary value instead; a date at a whole
    /// millisecond, as sessions stamp records, is often a hair below it, so about half of them
    /// came out a millisecond early.)
    private static func timestamp(_ date: Date) -> String {
        RecordTimestamp.text(of: date)
    }
}

