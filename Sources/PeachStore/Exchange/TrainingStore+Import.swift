import Foundation
import GRDB
import PeachCore

/// How imported records meet the stored ones.
public enum ImportMode: Sendable {
    /// Keep the stored records; skip an imported one whose (timestamp, referenceNote,
    /// targetNote, trainingType) is already stored, including earlier in the same file; for
    /// rhythm records (timestamp, tempoBPM, trainingType).
    case merge
    /// Delete every stored record, then store the file's.
    case replace
}

/// What an import did, per record type.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    public var comparisonsImported = 0
    public var comparisonsSkipped = 0
    public var matchingsImported = 0
    public var matchingsSkipped = 0
    public var rhythmDetectionsImported = 0
    public var rhythmDetectionsSkipped = 0
    public var rhythmMatchingsImported = 0
    public var rhythmMatchingsSkipped = 0
    /// Rows left out because they were invalid (only with --skip-invalid).
    public var invalidRowsSkipped = 0
    public var replaced = false

    public var description: String {
        var lines = [
            "pitch comparison: \(comparisonsImported) imported, \(comparisonsSkipped) skipped (already stored)",
            "pitch matching: \(matchingsImported) imported, \(matchingsSkipped) skipped (already stored)",
        ]
        if rhythmDetectionsImported + rhythmDetectionsSkipped + rhythmMatchingsImported + rhythmMatchingsSkipped > 0 {
            lines.append("rhythm offset detection: \(rhythmDetectionsImported) imported, \(rhythmDetectionsSkipped) skipped (already stored)")
            lines.append("rhythm matching: \(rhythmMatchingsImported) imported, \(rhythmMatchingsSkipped) skipped (already stored)")
        }
        if invalidRowsSkipped > 0 { lines.append("invalid rows skipped: \(invalidRowsSkipped)") }
        if replaced { lines.append("all previously stored records were replaced") }
        return lines.joined(separator: "\n")
    }
}

extension TrainingStore {
    /// Stores the valid records of `parsed` in one transaction: all of them or, on any
    /// failure, none. Invalid rows must have been dealt with by the caller (refused, or
    /// skipped on request); they are only counted here.
    public func importRecords(_ parsed: ParsedImport, mode: ImportMode) throws(StoreError) -> ImportSummary {
        let comparisons = parsed.comparisons.map(\.record)
        let matchings = parsed.matchings.map(\.record)
        let detections = parsed.rhythmDetections.map(\.record)
        let rhythmMatchings = parsed.rhythmMatchings.map(\.record)
        let invalid = Set(parsed.invalidRows.map(\.row)).count
        // Replacing every stored record with nothing is never what a file meant (an export of
        // an empty store, or one whose rows were all refused): `peach reset` empties a store.
        if mode == .replace, comparisons.isEmpty, matchings.isEmpty, detections.isEmpty, rhythmMatchings.isEmpty {
            throw .operationFailed(path: path, operation: "replace the records",
                                   reason: invalid > 0 ? "none of the file's \(invalid) row\(invalid == 1 ? "" : "s") is valid"
                                                       : "the file holds no record; `peach reset` deletes every record")
        }
        do {
            return try pool.write { db in
                var summary = ImportSummary(invalidRowsSkipped: invalid, replaced: mode == .replace)
                if mode == .replace {
                    try db.execute(sql: Self.deleteEverything)
                }
                for record in comparisons {
                    if mode == .merge, try Self.isStored(record.timestamp, record.referenceNote, record.targetNote, in: "pitchComparison", db) {
                        summary.comparisonsSkipped += 1
                    } else {
                        _ = try Self.insert(record, rig: .none, into: db)
                        summary.comparisonsImported += 1
                    }
                }
                for record in matchings {
                    if mode == .merge, try Self.isStored(record.timestamp, record.referenceNote, record.targetNote, in: "pitchMatching", db) {
                        summary.matchingsSkipped += 1
                    } else {
                        _ = try Self.insert(record, rig: .none, into: db)
                        summary.matchingsImported += 1
                    }
                }
                for record in detections {
                    if mode == .merge, try Self.isStored(record.timestamp, tempo: record.tempo, in: RhythmSchema.detectionTable, db) {
                        summary.rhythmDetectionsSkipped += 1
                    } else {
                        _ = try Self.insert(record, rig: .none, into: db)
                        summary.rhythmDetectionsImported += 1
                    }
                }
                for record in rhythmMatchings {
                    if mode == .merge, try Self.isStored(record.timestamp, tempo: record.tempo, in: RhythmSchema.matchingTable, db) {
                        summary.rhythmMatchingsSkipped += 1
                    } else {
                        _ = try Self.insert(record, rig: .none, into: db)
                        summary.rhythmMatchingsImported += 1
                    }
                }
                return summary
            }
        } catch {
            throw .operationFailed(path: path, operation: "import the records", reason: Self.reason(error))
        }
    }

    /// The iOS app's duplicate key: the same second (its files have whole seconds), reference
    /// note, target note and training type (the table). So a record stored here at 09:30:05.999,
    /// exported, merged through the iOS app and exported from there as 09:30:05 is found again.
    private static func isStored(_ timestamp: Date, _ reference: MIDINote, _ target: MIDINote,
                                 in table: String, _ db: Database) throws -> Bool {
        let (start, end) = wholeSecond(of: timestamp)
        let arguments: StatementArguments = [start, end, reference.rawValue, target.rawValue]
        let sql = "SELECT EXISTS (SELECT 1 FROM \(table) WHERE timestamp >= ? AND timestamp < ? "
            + "AND referenceNote = ? AND targetNote = ?)"
        return try Bool.fetchOne(db, sql: sql, arguments: arguments) ?? false
    }

    /// The rhythm records' key, as the iOS app's rhythm spec plans it: the same second, tempo
    /// and training type.
    private static func isStored(_ timestamp: Date, tempo: TempoBPM, in table: String, _ db: Database) throws -> Bool {
        let (start, end) = wholeSecond(of: timestamp)
        let sql = "SELECT EXISTS (SELECT 1 FROM \(table) WHERE timestamp >= ? AND timestamp < ? AND tempoBPM = ?)"
        return try Bool.fetchOne(db, sql: sql, arguments: [start, end, tempo.value]) ?? false
    }

    /// The milliseconds of the whole second `timestamp` lies in (rounded down, also before 1970).
    private static func wholeSecond(of timestamp: Date) -> (start: Int64, end: Int64) {
        let milliseconds: Int64 = RecordTimestamp.milliseconds(of: timestamp)
        let remainder: Int64 = ((milliseconds % 1000) + 1000) % 1000
        let start: Int64 = milliseconds - remainder
        return (start, start + 1000)
    }
}

extension TrainingStore {
    /// Every stored record in format `version`; without one, format 2 when rhythm records are
    /// stored, else format 1 (what the iOS app reads today). Format 1 leaves rhythm records out.
    public func exportCSV(version: Int? = nil) throws(StoreError) -> String {
        PeachCSVExporter.export(try exportedRecords(), version: version)
    }

    /// Every stored record, as an export holds them.
    public func exportedRecords() throws(StoreError) -> ExportedRecords {
        ExportedRecords(comparisons: try comparisons().map(\.record), matchings: try matchings().map(\.record),
                        rhythmDetections: try rhythmDetections().map(\.record), rhythmMatchings: try rhythmMatchings().map(\.record))
    }
}
