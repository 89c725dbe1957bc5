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

/// What an import did, per record kind.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    /// One kind's counts.
    struct Tally: Hashable, Sendable {
        let name: String
        let format: Int
        var imported = 0
        /// Already stored.
        var skipped = 0
    }

    /// Per kind, in the kinds' order.
    var tallies: [Tally]
    /// Rows left out because they were invalid (only with --skip-invalid).
    public var invalidRowsSkipped = 0
    public var replaced = false

    init(kinds: RecordKinds, replaced: Bool = false) {
        tallies = kinds.kinds.map { Tally(name: $0.name, format: $0.format) }
        self.replaced = replaced
    }

    func tally(_ name: String) -> Tally {
        tallies.first { $0.name == name } ?? Tally(name: name, format: 0)
    }

    /// Records stored, of every kind.
    var imported: Int { tallies.reduce(0) { $0 + $1.imported } }

    /// A line per kind up to the newest format the file used (so a pitch-only file is summed
    /// up in pitch terms only).
    public var description: String {
        let used = tallies.filter { $0.imported + $0.skipped > 0 }.map(\.format).max() ?? PeachExportFormat.version
        var lines = tallies.filter { $0.format <= used }.map {
            "\($0.name): \($0.imported) imported, \($0.skipped) skipped (already stored)"
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
            let kinds = self.kinds
            return try pool.write { db in
                let writer = try ImportWriter(db, mode: mode, kinds: kinds)
                for record in parsed.records { try writer.add(record.record) }
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
        let kinds = self.kinds
        do {
            let summary = try pool.write { db in
                let writer = try ImportWriter(db, mode: mode, kinds: kinds)
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

/// Stores imported records through prepared statements per table, `batchSize` rows to an INSERT
/// (a statement's execution costs more than its rows' values: a file of a million rows costs
/// about 16 000 executions, not a million). A merge asks the table for a stored duplicate (one
/// indexed lookup, also prepared, after the kind's pending rows are written) only for a row its
/// kind's `ImportDuplicateFrontier` cannot decide: into an empty store, or with rows newer than
/// the stored ones, it never does. Rows of a kind are stored in the file's order.
private final class ImportWriter {
    private static let batchSize = 64
    private let mode: ImportMode
    private let kinds: RecordKinds
    private let inserts: [Statement]
    private let batchInserts: [Statement]
    private let lookups: [Statement]
    private var frontiers: [ImportDuplicateFrontier]
    /// Per kind, the values of the rows not yet written, row after row.
    private var pending: [[(any DatabaseValueConvertible)?]]
    private var pendingRows: [Int]
    var summary: ImportSummary

    init(_ db: Database, mode: ImportMode, kinds: RecordKinds) throws {
        self.mode = mode
        self.kinds = kinds
        summary = ImportSummary(kinds: kinds, replaced: mode == .replace)
        if mode == .replace { try ProfileTallyCache.deleteInBulk(db, kinds.deleteEverything) }
        inserts = try kinds.kinds.map { try db.makeStatement(sql: $0.insertSQL) }
        batchInserts = try kinds.kinds.map { kind in
            let sql = kind.insertSQL
            let row = sql[sql.range(of: "VALUES ")!.upperBound...]
            return try db.makeStatement(sql: sql + String(repeating: ", " + row, count: Self.batchSize - 1))
        }
        pending = Array(repeating: [], count: kinds.kinds.count)
        pendingRows = Array(repeating: 0, count: kinds.kinds.count)
        // The iOS app's duplicate key: the same second (its files have whole seconds) and the
        // kind's identity (for pitch the reference and target notes, for rhythm the tempo), in
        // the kind's table. So a record stored here at 09:30:05.999, exported, merged through
        // the iOS app and exported from there as 09:30:05 is found again.
        lookups = try kinds.kinds.map { try db.makeStatement(sql: $0.duplicateLookupSQL) }
        frontiers = try kinds.kinds.map { kind in
            ImportDuplicateFrontier(newestStored: try Int64.fetchOne(db, sql: "SELECT MAX(timestamp) FROM \(kind.table)"))
        }
    }

    func add(_ record: some StoredRecord) throws {
        let kind = kinds.index(of: type(of: record))
        if mode == .merge {
            let start = ImportDuplicateFrontier.secondStart(RecordTimestamp.milliseconds(of: record.timestamp))
            let identity = record.identityValues
            let key = identity.map { $0?.databaseValue ?? .null }
            let duplicate = switch frontiers[kind].check(second: start, key: key) {
            case .new: false
            case .duplicate: true
            case .lookUp: try isStored(kind, second: start, identity: identity)
            }
            if duplicate {
                summary.tallies[kind].skipped += 1
                return
            }
            frontiers[kind].inserted(second: start, key: key)
        }
        // `TrainingStore.arguments(record, rig: .none)`'s values, appended without joining arrays.
        pending[kind].append(RecordTimestamp.milliseconds(of: record.timestamp))
        pending[kind].append(contentsOf: record.storedValues)
        for _ in StoredColumn.rig { pending[kind].append(nil) }
        pendingRows[kind] += 1
        summary.tallies[kind].imported += 1
        if pendingRows[kind] == Self.batchSize {
            batchInserts[kind].setUncheckedArguments(StatementArguments(pending[kind]))
            try batchInserts[kind].execute()
            pending[kind].removeAll(keepingCapacity: true)
            pendingRows[kind] = 0
        }
    }

    /// Whether the table holds a record of the same second and identity; the kind's pending rows
    /// are written first, so the file's own rows are found too.
    private func isStored(_ kind: Int, second start: Int64, identity: StoredValues) throws -> Bool {
        try flush(kind)
        return try Bool.fetchOne(lookups[kind], arguments: StatementArguments([start, start + 1000] + identity)) ?? false
    }

    /// Writes the kind's pending rows one by one (fewer than a batch).
    private func flush(_ kind: Int) throws {
        guard pendingRows[kind] > 0 else { return }
        let width = pending[kind].count / pendingRows[kind]
        for row in 0..<pendingRows[kind] {
            inserts[kind].setUncheckedArguments(StatementArguments(pending[kind][row * width..<(row + 1) * width]))
            try inserts[kind].execute()
        }
        pending[kind].removeAll(keepingCapacity: true)
        pendingRows[kind] = 0
    }

    /// Refuses to replace every stored record with nothing: that is never what a file meant (an
    /// export of an empty store, or one whose rows were all refused); `peach reset` empties a store.
    func finish(path: String, invalidRows invalid: Int) throws {
        for kind in kinds.kinds.indices { try flush(kind) }
        guard mode == .replace, summary.imported == 0 else { return }
        throw StoreError.operationFailed(
            path: path, operation: "replace the records",
            reason: invalid > 0 ? "none of the file's \(invalid) row\(invalid == 1 ? "" : "s") is valid"
                                : "the file holds no record; `peach reset` deletes every record")
    }
}
