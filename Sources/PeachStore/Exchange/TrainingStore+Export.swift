import Foundation
import GRDB
import PeachCore

extension TrainingStore {
    /// Every stored record in format `version`; without one, format 2 when rhythm records are
    /// stored, else format 1 (what the iOS app reads today). Format 1 leaves rhythm records out.
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
        let rhythm = try rhythmCounts()
        let version = requested ?? (rhythm.detections + rhythm.matchings > 0 ? PeachExportFormat.rhythmVersion
                                                                              : PeachExportFormat.version)
        var lines = ExportLineWriter(version: version)
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
        let path = self.path
        let tables = ["pitchComparison", "pitchMatching", RhythmSchema.detectionTable, RhythmSchema.matchingTable]
        do {
            try pool.read { db in
                let sql = version >= PeachExportFormat.rhythmVersion ? Self.exportSQL : Self.pitchExportSQL
                let rows = try Row.fetchCursor(db, sql: sql)
                var columns: ColumnPositions?
                while let row = try rows.next() {
                    let positions = columns ?? ColumnPositions(row)
                    columns = positions
                    let kind: Int = row[0]
                    let stored = try RowDecoder(path: path, table: tables[kind], row: row, columns: positions)
                    switch kind {
                    case 0: lines.add(try stored.comparisonRecord())
                    case 1: lines.add(try stored.matchingRecord())
                    case 2: lines.add(try stored.rhythmDetectionRecord())
                    default: lines.add(try stored.rhythmMatchingRecord())
                    }
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

    /// Every stored record, as an export holds them.
    public func exportedRecords() throws(StoreError) -> ExportedRecords {
        ExportedRecords(comparisons: try comparisons().map(\.record), matchings: try matchings().map(\.record),
                        rhythmDetections: try rhythmDetections().map(\.record), rhythmMatchings: try rhythmMatchings().map(\.record))
    }

    /// The export's order: timestamp, then comparison, matching, rhythm offset detection, rhythm
    /// matching, then the order stored (what `PeachCSVExporter` sorts arrays by).
    private static let pitchArms = [
        "SELECT 0 AS kind, id, timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect, "
            + "NULL AS initialCentOffset, NULL AS userCentError, NULL AS tempoBPM, NULL AS offsetMs, NULL AS userOffsetMs, "
            + "outputPort, soundProgram, soundBank, inputControl FROM pitchComparison",
        "SELECT 1, id, timestamp, referenceNote, targetNote, interval, tuningSystem, NULL, NULL, "
            + "initialCentOffset, userCentError, NULL, NULL, NULL, outputPort, soundProgram, soundBank, inputControl FROM pitchMatching",
    ]
    private static let rhythmArms = [
        "SELECT 2, id, timestamp, NULL, NULL, NULL, NULL, NULL, isCorrect, NULL, NULL, tempoBPM, offsetMs, NULL, "
            + "outputPort, soundProgram, soundBank, inputControl FROM \(RhythmSchema.detectionTable)",
        "SELECT 3, id, timestamp, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, tempoBPM, NULL, userOffsetMs, "
            + "outputPort, soundProgram, soundBank, inputControl FROM \(RhythmSchema.matchingTable)",
    ]
    private static let pitchExportSQL = pitchArms.joined(separator: " UNION ALL ") + " ORDER BY timestamp, kind, id"
    private static let exportSQL = (pitchArms + rhythmArms).joined(separator: " UNION ALL ") + " ORDER BY timestamp, kind, id"
}
