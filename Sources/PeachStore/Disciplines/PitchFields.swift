import Foundation
import GRDB
import PeachCore

/// What the pitch disciplines' records share: the two notes, their interval and the tuning
/// system, in the table (four columns) and in the export (six, each note with its name).
struct PitchFields {
    let referenceNote: MIDINote
    let targetNote: MIDINote
    let interval: Interval
    let tuningSystem: TuningIdentifier

    static let columns: [StoredColumn] = [.referenceNote, .targetNote, .interval, .tuningSystem]
    /// The iOS app's duplicate key, beside the second and the kind.
    static let identity: [StoredColumn] = [.referenceNote, .targetNote]
    static let exportColumns: [ImportColumn] = [.referenceNote, .referenceNoteName, .targetNote, .targetNoteName,
                                                .interval, .tuningSystem]

    init(referenceNote: MIDINote, targetNote: MIDINote, interval: Interval, tuningSystem: TuningIdentifier) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    init(stored row: RowDecoder) throws(StoreError) {
        self.init(referenceNote: try row.note(.referenceNote), targetNote: try row.note(.targetNote),
                  interval: try row.interval(), tuningSystem: try row.tuningSystem())
    }

    var storedValues: StoredValues {
        [referenceNote.rawValue, targetNote.rawValue, interval.abbreviation, tuningSystem.rawValue]
    }

    var identityValues: StoredValues { [referenceNote.rawValue, targetNote.rawValue] }

    func write(to line: inout ExportLineWriter) {
        line.field(referenceNote)
        line.field(targetNote)
        line.field(interval.abbreviation)
        line.quotedField(tuningSystem.rawValue)
    }

    /// The fields of an export row, each checked: the notes and their names agree, the interval
    /// is the distance between the notes.
    static func parse(_ row: ImportRow, _ errors: inout PeachCSVParser.RowErrors) -> PitchFields? {
        let reference = PeachCSVParser.parseNote(row, number: .referenceNote, name: .referenceNoteName, &errors)
        let target = PeachCSVParser.parseNote(row, number: .targetNote, name: .targetNoteName, &errors)
        let interval = PeachCSVParser.parseInterval(row, reference: reference, target: target, &errors)
        let tuning = parseTuning(row, &errors)
        guard let reference, let target, let interval, let tuning else { return nil }
        return PitchFields(referenceNote: reference, targetNote: target, interval: interval, tuningSystem: tuning)
    }
}

/// Format 1 is the iOS app's: it knows only its two tuning systems. Later formats carry any
/// tuning's identifier (a temperament's name, a Scala scale's description and hash).
private func parseTuning(_ row: ImportRow, _ errors: inout PeachCSVParser.RowErrors) -> TuningIdentifier? {
    let text = row[.tuningSystem]
    if let system = TuningSystem(rawValue: text) { return TuningIdentifier(system) }
    guard row.format >= PeachExportFormat.tuningIdentifiers else {
        errors.add(.tuningSystem, text, "unknown tuning system (expected equalTemperament or justIntonation)")
        return nil
    }
    do {
        return try TuningIdentifier(rawValue: text)
    } catch {
        errors.add(.tuningSystem, text, "not a tuning identifier (\(error))")
        return nil
    }
}

extension TrainingStore {
    /// How many pitch records of each kind are stored.
    public func counts() throws(StoreError) -> (comparisons: Int, matchings: Int) {
        (try count(of: PitchComparisonRecord.kind), try count(of: PitchMatchingRecord.kind))
    }
}
