import GRDB
import PeachCore

extension TrainingStore {
    /// The live threshold estimates, from the latest `LiveThresholds`-window trials of each
    /// discipline: training starts as fast with 100 000 stored trials as with none.
    public func loadLiveThresholds(weighting: RecencyWeighting = .standard) throws(StoreError) -> LiveThresholds {
        let limit = LiveThresholds.window(for: weighting)
        let path = self.path
        let unison = "interval = '\(Interval.prime.abbreviation)'", other = "interval <> '\(Interval.prime.abbreviation)'"
        var comparisons: [PitchComparisonRecord] = [], matchings: [PitchMatchingRecord] = []
        for condition in [unison, other] {
            comparisons += try latestRows(of: "pitchComparison", where: condition, limit: limit) { row, columns throws(StoreError) in
                try Self.recent(PitchComparisonRecord.self, RowDecoder(path: path, table: "pitchComparison", row: row, columns: columns))
            }
            matchings += try latestRows(of: "pitchMatching", where: condition, limit: limit) { row, columns throws(StoreError) in
                try Self.recent(PitchMatchingRecord.self, RowDecoder(path: path, table: "pitchMatching", row: row, columns: columns))
            }
        }
        return LiveThresholds(comparisons: comparisons, matchings: matchings, weighting: weighting)
    }

    /// The record of a row, its rig checked too.
    private static func recent<Record: StoredRecord>(_: Record.Type, _ row: RowDecoder) throws(StoreError) -> Record {
        let record = try Record(stored: row)
        _ = try row.rig()
        return record
    }

    /// The newest `limit` rows matching `condition`, oldest first (ties in the order stored).
    private func latestRows<T>(of table: String, where condition: String, limit: Int,
                               _ decode: (Row, ColumnPositions) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let rows: [Row]
        do {
            rows = try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM (SELECT * FROM \(table) WHERE \(condition) "
                                     + "ORDER BY timestamp DESC, id DESC LIMIT ?) ORDER BY timestamp, id",
                                 arguments: [limit])
            }
        } catch {
            throw .operationFailed(path: path, operation: "read the latest \(table) records", reason: Self.reason(error))
        }
        guard let first = rows.first else { return [] }
        let columns = ColumnPositions(first)
        var result: [T] = []
        result.reserveCapacity(rows.count)
        for row in rows { result.append(try decode(row, columns)) }
        return result
    }
}
