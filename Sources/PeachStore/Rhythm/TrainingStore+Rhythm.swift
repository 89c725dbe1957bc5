import GRDB
import PeachCore

/// Saving and reading the rhythm records, as the pitch ones are: one transaction per trial,
/// oldest first, every value checked on the way out.
extension TrainingStore {
    @discardableResult
    public func save(_ record: RhythmOffsetDetectionRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await insert("rhythm offset detection trial") { db in try Self.insert(record, rig: rig, into: db) }
    }

    @discardableResult
    public func save(_ record: RhythmMatchingRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await insert("rhythm matching trial") { db in try Self.insert(record, rig: rig, into: db) }
    }

    static func insert(_ record: RhythmOffsetDetectionRecord, rig: RigContext, into db: Database) throws -> Int64 {
        try db.cachedStatement(sql: insertRhythmDetectionSQL).execute(arguments: arguments(record, rig: rig))
        return db.lastInsertedRowID
    }

    static func insert(_ record: RhythmMatchingRecord, rig: RigContext, into db: Database) throws -> Int64 {
        try db.cachedStatement(sql: insertRhythmMatchingSQL).execute(arguments: arguments(record, rig: rig))
        return db.lastInsertedRowID
    }

    static let insertRhythmDetectionSQL = """
        INSERT INTO \(RhythmSchema.detectionTable) (timestamp, tempoBPM, offsetMs, isCorrect,
            outputPort, soundProgram, soundBank, inputControl)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let insertRhythmMatchingSQL = """
        INSERT INTO \(RhythmSchema.matchingTable) (timestamp, tempoBPM, userOffsetMs,
            outputPort, soundProgram, soundBank, inputControl)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    static func arguments(_ record: RhythmOffsetDetectionRecord, rig: RigContext) -> StatementArguments {
        [RecordTimestamp.milliseconds(of: record.timestamp), record.tempo.value, record.offset.milliseconds,
         record.isCorrect, rig.outputPort, rig.sound?.program, rig.sound?.bank, rig.inputControl?.description]
    }

    static func arguments(_ record: RhythmMatchingRecord, rig: RigContext) -> StatementArguments {
        [RecordTimestamp.milliseconds(of: record.timestamp), record.tempo.value, record.userOffset.milliseconds,
         rig.outputPort, rig.sound?.program, rig.sound?.bank, rig.inputControl?.description]
    }

    /// Every rhythm offset detection, oldest first (ties in the order they were stored).
    public func rhythmDetections() throws(StoreError) -> [StoredRhythmOffsetDetection] {
        let path = self.path
        return try fetch(RhythmSchema.detectionTable) { row, columns throws(StoreError) in
            try RowDecoder(path: path, table: RhythmSchema.detectionTable, row: row, columns: columns).rhythmDetection()
        }
    }

    /// Every rhythm matching, oldest first (ties in the order they were stored).
    public func rhythmMatchings() throws(StoreError) -> [StoredRhythmMatching] {
        let path = self.path
        return try fetch(RhythmSchema.matchingTable) { row, columns throws(StoreError) in
            try RowDecoder(path: path, table: RhythmSchema.matchingTable, row: row, columns: columns).rhythmMatching()
        }
    }

    /// How many rhythm records of each kind are stored.
    public func rhythmCounts() throws(StoreError) -> (detections: Int, matchings: Int) {
        do {
            return try pool.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(RhythmSchema.detectionTable)") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(RhythmSchema.matchingTable)") ?? 0)
            }
        } catch {
            throw .operationFailed(path: path, operation: "count the rhythm records", reason: Self.reason(error))
        }
    }

    /// Streams the rhythm records into `profile`, as `loadProfile` does the pitch ones.
    func loadRhythm(into profile: PerceptualProfile) throws(StoreError) {
        let path = self.path
        let detection = RhythmSchema.detectionTable, matching = RhythmSchema.matchingTable
        try forEachRow(of: detection, columns: "id, timestamp, tempoBPM, offsetMs, isCorrect",
                       filter: "isCorrect = 1") { row, columns throws(StoreError) in
            profile.add(try RowDecoder(path: path, table: detection, row: row, columns: columns).rhythmDetectionRecord())
        }
        try forEachRow(of: matching, columns: "id, timestamp, tempoBPM, userOffsetMs") { row, columns throws(StoreError) in
            profile.add(try RowDecoder(path: path, table: matching, row: row, columns: columns).rhythmMatchingRecord())
        }
    }
}
