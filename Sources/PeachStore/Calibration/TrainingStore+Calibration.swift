import GRDB
import PeachCore

/// A stored calibration with the ports it was measured with and its row id.
public struct StoredTapCalibration: Hashable, Sendable {
    public let id: Int64
    public let outputPort: String
    public let inputPort: String
    public let calibration: TapCalibration
}

/// Saving and reading tap calibrations. Training data resets (`peach reset`, a replacing
/// import) leave them alone: they describe the rig, not the listener.
extension TrainingStore {
    /// Saves one calibration for the pair of ports (names as `SequencerPort.calibrationName`
    /// gives them); returns its row id once committed.
    @discardableResult
    public func save(_ calibration: TapCalibration, output: String, input: String) async throws(StoreError) -> Int64 {
        try await insert("tap calibration") { db in
            try db.execute(sql: """
                INSERT INTO \(CalibrationSchema.table) (measuredAt, outputPort, inputPort, latencyMs, spreadMs, tapsUsed)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [
                    RecordTimestamp.milliseconds(of: calibration.measuredAt), output, input,
                    calibration.latency.milliseconds, calibration.spreadMilliseconds, calibration.tapsUsed,
                ])
            return db.lastInsertedRowID
        }
    }

    /// The latest calibration of the pair (by when it was measured, then by row), nil when the
    /// pair was never calibrated. A row that does not hold a valid calibration is an error
    /// naming the table, the row and the column.
    public func latestCalibration(output: String, input: String) throws(StoreError) -> TapCalibration? {
        try calibrations(output: output, input: input, latestOnly: true).first?.calibration
    }

    /// Every calibration, oldest first; of one pair when both ports are given.
    public func calibrations(output: String? = nil, input: String? = nil) throws(StoreError) -> [StoredTapCalibration] {
        try calibrations(output: output, input: input, latestOnly: false)
    }

    private func calibrations(output: String?, input: String?, latestOnly: Bool) throws(StoreError) -> [StoredTapCalibration] {
        let path = self.path, table = CalibrationSchema.table
        var conditions: [String] = [], arguments: StatementArguments = []
        if let output { conditions.append("outputPort = ?"); arguments += [output] }
        if let input { conditions.append("inputPort = ?"); arguments += [input] }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let order = latestOnly ? " ORDER BY measuredAt DESC, id DESC LIMIT 1" : " ORDER BY measuredAt, id"
        let sql = "SELECT * FROM \(table)\(filter)\(order)"
        let rows: [Row]
        do {
            rows = try pool.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
        } catch {
            throw .operationFailed(path: path, operation: "read the tap calibrations", reason: Self.reason(error))
        }
        var result: [StoredTapCalibration] = []
        for row in rows {
            result.append(try RowDecoder(path: path, table: table, row: row, columns: ColumnPositions(row)).tapCalibration())
        }
        return result
    }
}

extension RowDecoder {
    func tapCalibration() throws(StoreError) -> StoredTapCalibration {
        let latencyValue = try number(.latencyMs)
        let latency: TapLatency
        do {
            latency = try TapLatency(milliseconds: latencyValue)
        } catch {
            throw fail(.latencyMs, "\(error)")
        }
        let spread = try number(.spreadMs)
        guard spread.isFinite, TapCalibration.spreadRange.contains(spread) else {
            throw fail(.spreadMs, "\(spread) ms is not a spread 0…\(Int(TapCalibration.spreadRange.upperBound)) ms")
        }
        let taps = try integer(.tapsUsed)
        guard taps >= TapLatencyEstimator.minimumTaps, taps <= Int64(Int32.max) else {
            throw fail(.tapsUsed, "\(taps) is not a count of taps (at least \(TapLatencyEstimator.minimumTaps))")
        }
        let calibration: TapCalibration
        do {
            calibration = try TapCalibration(latency: latency, spreadMilliseconds: spread, tapsUsed: Int(taps),
                                              measuredAt: RecordTimestamp.date(milliseconds: try integer(.measuredAt)))
        } catch {
            throw fail(.spreadMs, "\(error)")
        }
        return StoredTapCalibration(id: id, outputPort: try text(.outputPort), inputPort: try text(.inputPort),
                                    calibration: calibration)
    }

    /// A REAL column (SQLite may store 12.0 as 12).
    func number(_ column: StoredColumn) throws(StoreError) -> Double {
        switch columns.value(column, in: row).storage {
        case .double(let value): return value
        case .int64(let value): return Double(value)
        default: throw fail(column, "not a number")
        }
    }
}
