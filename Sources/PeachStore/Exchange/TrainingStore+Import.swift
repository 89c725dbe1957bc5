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

/// What a streamed import did: the summary, and the problems of the rows it left out.
public struct ImportOutcome: Sendable {
    public var summary: ImportSummary
    /// Only with `skipInvalid`: every problem of every row left out, in file order.
    public var skippedProblems: [ImportRowError]
}

extension TrainingStore {
    /// Stores the valid records of `parsed` in one transaction: all of them or, on any
    /// failure, none. Invalid rows must have been dealt with by the caller (refused, or
    /// skipped on request); they are only counted here.
    public func importRecords(_ parsed: ParsedImport, mode: ImportMode) throws(StoreError) -> ImportSummary {
        let invalid = Set(parsed.invalidRows.map(\.row)).count
        do {
            return try pool.write { db in
                let writer = try ImportWriter(db, mode: mode)
                for record in parsed.comparisons { try writer.add(.comparison(record.record)) }
                for record in parsed.matchings { try writer.add(.matching(record.record)) }
                for record in parsed.rhythmDetections { try writer.add(.rhythmDetection(record.record)) }
                for record in parsed.rhythmMatchings { try writer.add(.rhythmMatching(record.record)) }
                writer.summary.invalidRowsSkipped = invalid
                try writer.finish(path: path, invalidRows: invalid)
                return writer.summary
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .operationFailed(path: path, operation: "import the records", reason: Self.reason(error))
        }
    }

    /// Reads `rows` to their end and stores their records as it goes, in one transaction: all of
    /// them or, on any failure, none. An invalid row fails the import (after the rest of the file
    /// was read for its problems, which `ImportError.invalidRows` lists) unless `skipInvalid`.
    /// Only one row is held at a time. `progress` hears the count of rows read every few
    /// thousand rows.
    ///
    /// Throws `ImportError` for the file, `StoreError` for the store.
    public func importRows(_ rows: inout ImportReader, mode: ImportMode, skipInvalid: Bool,
                           progress: (Int) -> Void = { _ in }) throws -> ImportOutcome {
        var problems: [ImportRowError] = []
        var invalidRows = 0
        do {
            let summary = try pool.write { db in
                let writer = try ImportWriter(db, mode: mode)
                while let row = try rows.next() {
                    switch row {
                    case .valid(_, let record):
                        if invalidRows == 0 || skipInvalid { try writer.add(record) }
                    case .invalid(let errors):
                        invalidRows += 1
                        problems += errors
                    }
                    if rows.rowsRead % Self.progressInterval == 0 { progress(rows.rowsRead) }
                }
                if invalidRows > 0, !skipInvalid { throw ImportError.invalidRows(problems) }
                writer.summary.invalidRowsSkipped = invalidRows
                try writer.finish(path: path, invalidRows: invalidRows)
                return writer.summary
            }
            progress(rows.rowsRead)
            return ImportOutcome(summary: summary, skippedProblems: problems)
        } catch let error as ImportError {
            throw error
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.operationFailed(path: path, operation: "import the records", reason: Self.reason(error))
        }
    }

    private static let progressInterval = 4096
}

/// Stores imported records through one prepared statement per table, each checked first for a
/// stored duplicate by one indexed lookup (also prepared): a file of a million rows costs a
/// million bindings, not a million SQL texts to compile.
private final class ImportWriter {
    private let mode: ImportMode
    private let inserts: [Statement]
    private let lookups: [Statement]
    var summary: ImportSummary

    init(_ db: Database, mode: ImportMode) throws {
        self.mode = mode
        summary = ImportSummary(replaced: mode == .replace)
        if mode == .replace { try db.execute(sql: TrainingStore.deleteEverything) }
        inserts = try TrainingStore.insertSQL.map { try db.makeStatement(sql: $0) }
        // The iOS app's duplicate key: the same second (its files have whole seconds), reference
        // note, target note and training type (the table). So a record stored here at
        // 09:30:05.999, exported, merged through the iOS app and exported from there as 09:30:05
        // is found again. The rhythm records' key, as the iOS app's rhythm spec plans it: the
        // same second, tempo and training type.
        let pitch = "WHERE timestamp >= ? AND timestamp < ? AND referenceNote = ? AND targetNote = ?"
        let rhythm = "WHERE timestamp >= ? AND timestamp < ? AND tempoBPM = ?"
        lookups = try [("pitchComparison", pitch), ("pitchMatching", pitch),
                       (RhythmSchema.detectionTable, rhythm), (RhythmSchema.matchingTable, rhythm)].map { table, condition in
            try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) \(condition))")
        }
    }

    func add(_ record: PeachCSVParser.ParsedRow) throws {
        let kind: Int, key: StatementArguments, timestamp: Date
        switch record {
        case .comparison(let record):
            (kind, timestamp) = (0, record.timestamp)
            key = [record.referenceNote.rawValue, record.targetNote.rawValue]
        case .matching(let record):
            (kind, timestamp) = (1, record.timestamp)
            key = [record.referenceNote.rawValue, record.targetNote.rawValue]
        case .rhythmDetection(let record):
            (kind, timestamp) = (2, record.timestamp)
            key = [record.tempo.value]
        case .rhythmMatching(let record):
            (kind, timestamp) = (3, record.timestamp)
            key = [record.tempo.value]
        }
        if mode == .merge {
            let (start, end) = Self.wholeSecond(of: timestamp)
            if try Bool.fetchOne(lookups[kind], arguments: [start, end] + key) ?? false {
                count(kind, skipped: true)
                return
            }
        }
        let statement = inserts[kind]
        switch record {
        case .comparison(let record): statement.setUncheckedArguments(TrainingStore.arguments(record, rig: .none))
        case .matching(let record): statement.setUncheckedArguments(TrainingStore.arguments(record, rig: .none))
        case .rhythmDetection(let record): statement.setUncheckedArguments(TrainingStore.arguments(record, rig: .none))
        case .rhythmMatching(let record): statement.setUncheckedArguments(TrainingStore.arguments(record, rig: .none))
        }
        try statement.execute()
        count(kind, skipped: false)
    }

    /// Refuses to replace every stored record with nothing: that is never what a file meant (an
    /// export of an empty store, or one whose rows were all refused); `peach reset` empties a store.
    func finish(path: String, invalidRows invalid: Int) throws {
        let stored = summary.comparisonsImported + summary.matchingsImported
            + summary.rhythmDetectionsImported + summary.rhythmMatchingsImported
        guard mode == .replace, stored == 0 else { return }
        throw StoreError.operationFailed(
            path: path, operation: "replace the records",
            reason: invalid > 0 ? "none of the file's \(invalid) row\(invalid == 1 ? "" : "s") is valid"
                                : "the file holds no record; `peach reset` deletes every record")
    }

    private func count(_ kind: Int, skipped: Bool) {
        switch (kind, skipped) {
        case (0, false): summary.comparisonsImported += 1
        case (0, true): summary.comparisonsSkipped += 1
        case (1, false): summary.matchingsImported += 1
        case (1, true): summary.matchingsSkipped += 1
        case (2, false): summary.rhythmDetectionsImported += 1
        case (2, true): summary.rhythmDetectionsSkipped += 1
        case (3, false): summary.rhythmMatchingsImported += 1
        default: summary.rhythmMatchingsSkipped += 1
        }
    }

    /// The milliseconds of the whole second `timestamp` lies in (rounded down, also before 1970).
    private static func wholeSecond(of timestamp: Date) -> (start: Int64, end: Int64) {
        let milliseconds: Int64 = RecordTimestamp.milliseconds(of: timestamp)
        let remainder: Int64 = ((milliseconds % 1000) + 1000) % 1000
        let start: Int64 = milliseconds - remainder
        return (start, start + 1000)
    }
}
