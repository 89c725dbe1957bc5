import Foundation
import GRDB
import PeachCore

extension TrainingStore {
    /// Every stored record in format `version`; without one, the oldest format that holds every
    /// stored kind (format 1, what the iOS app reads today, when only pitch records are stored).
    /// An older format leaves out the kinds it has no place for.
    public func exportCSV(version: Int? = nil) throws(StoreError) -> String {
        var bytes: [UInt8] = []
        do {
            try exportCSV(version: version) { bytes += $0 }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .operationFailed(path: path, operation: "export the records", reason: "\(error)")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The export of every stored record (as `exportCSV(version:)`), handed to `write` in pieces
    /// of about 64 KiB as the rows are read: one cursor over all four tables in timestamp order,
    /// so the memory needed stays the same whatever the number of records. Every value is checked
    /// as it is read, as everywhere else. Throws `StoreError`, or what `write` threw (after which
    /// nothing more is written).
    public func exportCSV(version requested: Int?, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var newest = PeachExportFormat.version
        for kind in kinds.kinds where kind.format > newest {
            if try count(of: kind) > 0 { newest = kind.format }
        }
        if newest < PeachExportFormat.tuningIdentifiers, try recordsInOtherTunings() > 0 {
            newest = PeachExportFormat.tuningIdentifiers
        }
        let version = requested ?? newest
        var lines = ExportLineWriter(version: version, kinds: kinds)
        var writeFailure: (any Error)?
        func flush() -> Bool {
            do {
                try lines.bytes.withUnsafeBytes { try write($0) }
            } catch {
                writeFailure = error
                return false
            }
            lines.removeAll()
            return true
        }
        let path = self.path, kinds = self.kinds
        do {
            try pool.read { db in
                let rows = try Row.fetchCursor(db, sql: Self.exportSQL(kinds, version: version))
                var columns: ColumnPositions?
                while let row = try rows.next() {
                    let positions = columns ?? ColumnPositions(row)
                    columns = positions
                    let kind: Int = row[0]
                    let stored = try RowDecoder(path: path, table: kinds.kinds[kind].table, row: row, columns: positions)
                    try Self.write(kinds.types[kind], stored, to: &lines)
                    _ = try stored.rig()   // not exported, but checked as reading a record always did
                    if lines.bytes.count >= 1 << 16, !flush() { return }
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.operationFailed(path: path, operation: "read the records", reason: Self.reason(error))
        }
        if writeFailure == nil { _ = flush() }
        if let writeFailure { throw writeFailure }
    }

    private static func write<Record: StoredRecord>(_: Record.Type, _ stored: RowDecoder,
                                                    to lines: inout ExportLineWriter) throws(StoreError) {
        lines.add(try Record(stored: stored))
    }

    /// Every stored record, as an export holds them.
    public func exportedRecords() throws(StoreError) -> ExportedRecords {
        var records = ExportedRecords()
        for type in kinds.types { try append(type, to: &records) }
        return records
    }

    private func append<Record: StoredRecord>(_: Record.Type, to records: inout ExportedRecords) throws(StoreError) {
        records.append(contentsOf: try stored(Record.self).map(\.record))
    }

    private static let formatOneTuningList = PeachExportFormat.formatOneTunings.map { "'\($0)'" }
        .joined(separator: ", ")

    /// Pitch records in a tuning other than the iOS app's two, which format 1 leaves out.
    public func recordsInOtherTunings() throws(StoreError) -> Int {
        let tables = kinds.kinds.filter { $0.columns.contains(.tuningSystem) }.map(\.table)
        do {
            return try pool.read { db in
                try tables.reduce(0) { total, table in
                    total + (try Int.fetchOne(db, sql: """
                        SELECT COUNT(*) FROM \(table) WHERE tuningSystem NOT IN (\(Self.formatOneTuningList))
                        """) ?? 0)
                }
            }
        } catch {
            throw StoreError.operationFailed(path: path, operation: "count the records", reason: Self.reason(error))
        }
    }

    /// The export's order: timestamp, then the kinds' order, then the order stored (what
    /// `PeachCSVExporter` sorts arrays by). One arm per kind the format holds, each selecting
    /// every kind's columns (NULL where not its own) so the union's rows line up.
    private static func exportSQL(_ kinds: RecordKinds, version: Int) -> String {
        var all: [StoredColumn] = []
        for kind in kinds.kinds { for column in kind.columns where !all.contains(column) { all.append(column) } }
        let arms = kinds.kinds.enumerated().filter { $1.format <= version }.map { index, kind in
            let values = all.map { column in
                kind.columns.contains(column) ? column.name : "NULL AS \(column.name)"
            }
            let selected = ["\(index) AS kind", "id", "timestamp"] + values + StoredColumn.rig.map(\.name)
            // Format 1 has no place for a tuning the iOS app does not know.
            let tuned = version < PeachExportFormat.tuningIdentifiers && kind.columns.contains(.tuningSystem)
            return "SELECT \(selected.joined(separator: ", ")) FROM \(kind.table)"
                + (tuned ? " WHERE tuningSystem IN (\(formatOneTuningList))" : "")
        }
        return arms.joined(separator: " UNION ALL ") + " ORDER BY timestamp, kind, id"
    }
}
