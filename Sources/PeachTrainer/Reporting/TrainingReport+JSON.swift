import Foundation
import PeachCore

extension TrainingReport {
    /// The report as one JSON object: `event` names it, `mode` and `trial` say where it belongs;
    /// notes are MIDI numbers with their names, pitches in Hz, offsets in cents (signed: the
    /// sign of a comparison's offset is the right answer, so scripts can check it). Modes and
    /// disciplines are named as the command line names modes (`interval-comparison`).
    /// - Parameter mode: the running mode, which a trial's own news cannot tell (an interval
    ///   comparison's states are a comparison's); nil: the news' own.
    func json(in mode: TrainingMode?) -> [String: JSONValue] {
        switch self {
        case .started(let mode, let intervals, let output, let input, _, let tuning):
            return ["event": .string("started"), "mode": .string(mode.rawValue),
                    "intervals": .array(intervals.map { .string($0.abbreviation) }),
                    "output": .string(output), "input": .optional(input), "tuning": ReportJSON.tuning(tuning)]
        case .trialStarted(let news, let trial):
            return Self.trialJSON("trialStarted", news, trial, mode: mode)
        case .stateChanged(let news, let trial):
            return Self.trialJSON("state", news, trial, mode: mode)
        case .trialProgress(let news, let trial):
            return Self.trialJSON(news.jsonEvent, news, trial, mode: mode)
        case .trialCompleted(let news, let trial):
            return Self.trialJSON("trialCompleted", news, trial, mode: mode)
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

    private static func trialJSON(_ event: String, _ news: any TrialNews, _ trial: Int, mode: TrainingMode?) -> [String: JSONValue] {
        news.jsonFields.merging(["event": .string(event), "mode": .string(mode?.rawValue ?? news.jsonMode),
                                 "trial": .integer(trial)]) { _, own in own }
    }

    /// One discipline of the run's summary: its tuning (interval disciplines; null for unisons),
    /// trials, percent correct or mean |error|, the estimate before the run and after it.
    private static func summaryEntry(_ entry: RunSummary.Entry) -> JSONValue {
        .object(["discipline": .string(TrainingMode(training: entry.discipline).rawValue),
                 "tuning": .optional(entry.tuning?.rawValue), "trials": .integer(entry.trials),
                 "percentCorrect": .optional(entry.percentCorrect), "meanAbsoluteError": .optional(entry.meanAbsoluteError),
                 "thresholdBefore": ReportJSON.threshold(entry.before), "thresholdAfter": ReportJSON.threshold(entry.after)])
    }

    /// One rhythm discipline at one tempo: trials, percent correct (offset detection) or the
    /// taps' mean offset and mean size (matching), in percent of a sixteenth.
    private static func rhythmSummaryEntry(_ entry: RunSummary.RhythmEntry) -> JSONValue {
        .object(["discipline": .string(TrainingMode(training: entry.discipline).rawValue), "tempoBPM": .integer(entry.tempo.value),
                 "trials": .integer(entry.trials), "percentCorrect": .optional(entry.percentCorrect),
                 "meanOffsetPercent": .optional(entry.meanOffsetPercent),
                 "meanAbsoluteOffsetPercent": .optional(entry.meanAbsolutePercent)])
    }
}

/// The pieces the trials' JSON fields share.
enum ReportJSON {
    /// A pitch trial's question: its notes, the interval with its direction, the tuning.
    static func pitchQuestion(reference: MIDINote, target: MIDINote, interval: DirectedInterval,
                              tuningSystem: TuningIdentifier) -> [String: JSONValue] {
        ["referenceNote": note(reference), "targetNote": note(target),
         "interval": .string(interval.abbreviation), "direction": .string(interval.direction.rawValue),
         "tuningSystem": .string(tuningSystem.rawValue)]
    }

    /// The tuning a run's notes sound in (null for rhythm): `identifier` as records keep it (and
    /// trial events name it as `tuningSystem`), `name` as a person reads it (a Scala scale's is its
    /// description line), `description` the Scala file's description (null for a built-in) and
    /// `file` the Scala file as the user named it (null for a built-in).
    static func tuning(_ tuning: Tuning?) -> JSONValue {
        guard let tuning else { return .null }
        let scala = tuning.identifier.isScala
        return .object(["identifier": .string(tuning.identifier.rawValue), "name": .string(tuning.name),
                        "description": .optional(scala ? tuning.name : nil), "file": .optional(scala ? tuning.origin : nil)])
    }

    /// What a pitch result says after it: the session's best, the discipline's trend and estimate.
    static func pitchStanding(sessionBest: Cents?, _ standing: DisciplineStanding) -> [String: JSONValue] {
        ["sessionBest": .optional(sessionBest?.rawValue), "trend": .optional(standing.trend?.rawValue),
         "threshold": threshold(standing.threshold)]
    }

    /// The estimate after the trial, as `peach profile --json` gives it: kind, cents, the 95 %
    /// interval's ends (null where unbounded), trials; null before the discipline's first trial.
    static func threshold(_ estimate: ThresholdEstimate?) -> JSONValue {
        guard let estimate else { return .null }
        return .object(["kind": .string(estimate.kind.rawValue), "cents": .optional(estimate.cents),
                        "lower": .optional(estimate.lower), "upper": .optional(estimate.upper),
                        "trials": .integer(estimate.trials)])
    }

    /// Records keep the interval undirected; the notes give the direction back.
    static func directed(_ record: PitchComparisonRecord) -> DirectedInterval {
        DirectedInterval(record.interval, record.targetNote < record.referenceNote ? .down : .up)
    }

    static func directed(_ record: PitchMatchingRecord) -> DirectedInterval {
        DirectedInterval(record.interval, record.targetNote < record.referenceNote ? .down : .up)
    }

    static func note(_ note: MIDINote) -> JSONValue {
        .object(["number": .integer(note.rawValue), "name": .string(note.name)])
    }

    /// The text the store keeps for the record, as its export writes it: UTC, whole milliseconds.
    /// (Foundation's ISO 8601 style truncates the binary value instead; a date at a whole
    /// millisecond, as sessions stamp records, is often a hair below it, so about half of them
    /// came out a millisecond early.)
    static func timestamp(_ date: Date) -> String {
        RecordTimestamp.text(of: date)
    }
}

