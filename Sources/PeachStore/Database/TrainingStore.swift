import Foundation
import GRDB
import PeachCore
import Synchronization

/// The training records in one SQLite file (WAL journal, synchronous=FULL).
///
/// Every completed trial is its own transaction, committed before the observer call returns:
/// after a crash or a power cut the file holds every trial reported as saved and no half of one.
/// A damaged or foreign file is refused with a message and never changed.
public final class TrainingStore: Sendable {
    public enum AccessMode: Sendable {
        /// Creates the folder and file if needed and brings the schema up to date.
        case readWrite
        /// Opens an existing, up-to-date file without changing it; every write fails.
        case readOnly
    }

    public let location: StoreLocation
    let pool: DatabasePool
    /// The file opened at `path`, so a write can tell when it was deleted or replaced.
    let openedFile: FileIdentity?
    var path: String { location.databasePath }

    /// Waits for another process's write lock (`StoreBusyWait`).
    let busyWait: StoreBusyWait

    /// - Parameter busyNoticeAfter: how long a write waits for another process's lock before
    ///   `onBusyWait`'s listener hears of it (the wait goes on).
    public init(location: StoreLocation, mode: AccessMode = .readWrite,
                busyNoticeAfter: Duration = .seconds(2)) throws(StoreError) {
        self.location = location
        let path = location.databasePath
        let busyWait = StoreBusyWait(path: path, noticeAfter: busyNoticeAfter)
        self.busyWait = busyWait
        switch mode {
        case .readWrite:
            try DatabaseFile.prepare(location)
        case .readOnly:
            guard DatabaseFile.exists(location) else {
                throw .unreadableDatabase(path: path, reason: "no such file")
            }
            try DatabaseFile.checkKinds(location)
        }
        // Read-only: also a store in a folder nobody may write (`readOnlyOpeningPath`).
        let opening = mode == .readOnly ? DatabaseFile.readOnlyOpeningPath(location) : path
        // Inspect first through a read-only connection: a damaged, foreign or newer file is
        // refused before anything could write to it (opening a pool writes to the file).
        if try Self.inspect(path: path, opening: opening, mode: mode) {
            try Self.upgrade(path: path)
        }
        var configuration = Configuration()
        configuration.readonly = mode == .readOnly
        // Another peach may be writing (an import during training): wait for it, never fail.
        configuration.busyMode = busyWait.mode
        configuration.label = "peach.store"
        do {
            pool = try DatabasePool(path: opening, configuration: configuration)
            if mode == .readWrite {
                // FULL: a committed trial survives a power cut too, not only a crash of this
                // process. Per connection, and a pool keeps its one writer connection.
                try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            }
        } catch {
            throw .unreadableDatabase(path: path, reason: Self.reason(error))
        }
        openedFile = FileIdentity.of(path)
    }

    /// Checks whose file it is, its integrity and its schema version; true when it needs
    /// writing before use (pending migrations, or a store from before the application id).
    private static func inspect(path: String, opening: String, mode: AccessMode) throws(StoreError) -> Bool {
        let (identity, integrity, applied): (StoreIdentity, String, Set<String>)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(10)
            let queue = try DatabaseQueue(path: opening, configuration: configuration)
            (identity, integrity, applied) = try queue.read { db in
                (try StoreIdentity.of(db), try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer",
                 try db.tableExists("grdb_migrations")
                    ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : [])
            }
            try queue.close()
        } catch {
            throw .unreadableDatabase(path: path, reason: reason(error))
        }
        guard integrity == "ok" else {
            throw .unreadableDatabase(path: path, reason: "the integrity check reports: \(integrity)")
        }
        if case .foreign(let detail) = identity { throw .foreignDatabase(path: path, detail: detail) }
        let unknown = applied.filter { !StoreSchema.migrationNames.contains($0) }.sorted()
        guard unknown.isEmpty else { throw .newerSchema(path: path, unknownMigrations: unknown) }
        let complete = StoreSchema.migrationNames.allSatisfy(applied.contains)
        guard complete || mode == .readWrite else {
            throw .unreadableDatabase(path: path, reason: "its schema is older than this peach; open it once for writing to upgrade it")
        }
        return mode == .readWrite && (!complete || identity != .peach)
    }

    /// Runs the pending migrations and sets the application id in one transaction, through a
    /// connection that leaves the journal mode alone: if anything fails, the file is as it was.
    /// (Only then does the pool switch a new file to WAL.)
    private static func upgrade(path: String) throws(StoreError) {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.label = "peach.store.upgrade"
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                try queue.writeWithoutTransaction { db in try StoreSchema.upgrade(db) }
            } catch {
                try? queue.close()
                throw error
            }
            try queue.close()
        } catch {
            throw .unreadableDatabase(path: path, reason: "upgrading the schema failed: \(reason(error))")
        }
    }

    // MARK: - Recording

    /// Saves one trial with what the rig adds to it, in its own transaction; returns its row id
    /// once committed.
    @discardableResult
    public func save(_ record: PitchComparisonRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        return try await insert("pitch comparison trial") { db in
            try Self.insert(record, rig: rig, into: db)
        }
    }

    /// Saves one trial with what the rig adds to it, in its own transaction; returns its row id
    /// once committed.
    @discardableResult
    public func save(_ record: PitchMatchingRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        return try await insert("pitch matching trial") { db in
            try Self.insert(record, rig: rig, into: db)
        }
    }

    func insert(_ what: String, _ body: @escaping @Sendable (Database) throws -> Int64) async throws(StoreError) -> Int64 {
        let id: Int64
        do {
            id = try await pool.write(body)
        } catch {
            throw .saveFailed(path: path, what: what, reason: Self.reason(error))
        }
        try checkFileStillThere(after: what)
        return id
    }

    static func insert(_ record: PitchComparisonRecord, rig: RigContext, into db: Database) throws -> Int64 {
        try db.cachedStatement(sql: insertComparisonSQL).execute(arguments: arguments(record, rig: rig))
        return db.lastInsertedRowID
    }

    static func insert(_ record: PitchMatchingRecord, rig: RigContext, into db: Database) throws -> Int64 {
        try db.cachedStatement(sql: insertMatchingSQL).execute(arguments: arguments(record, rig: rig))
        return db.lastInsertedRowID
    }

    /// Each record table's insert, in the order comparison, matching, rhythm offset detection,
    /// rhythm matching (what an import prepares once and binds for every row).
    static var insertSQL: [String] {
        [insertComparisonSQL, insertMatchingSQL, insertRhythmDetectionSQL, insertRhythmMatchingSQL]
    }

    private static let insertComparisonSQL = """
        INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem,
            centOffset, isCorrect, outputPort, soundProgram, soundBank, inputControl)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    private static let insertMatchingSQL = """
        INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem,
            initialCentOffset, userCentError, outputPort, soundProgram, soundBank, inputControl)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func arguments(_ record: PitchComparisonRecord, rig: RigContext) -> StatementArguments {
        [RecordTimestamp.milliseconds(of: record.timestamp), record.referenceNote.rawValue,
         record.targetNote.rawValue, record.interval.abbreviation, record.tuningSystem.rawValue,
         record.centOffset.rawValue, record.isCorrect, rig.outputPort, rig.sound?.program, rig.sound?.bank,
         rig.inputControl?.description]
    }

    static func arguments(_ record: PitchMatchingRecord, rig: RigContext) -> StatementArguments {
        [RecordTimestamp.milliseconds(of: record.timestamp), record.referenceNote.rawValue,
         record.targetNote.rawValue, record.interval.abbreviation, record.tuningSystem.rawValue,
         record.initialCentOffset.rawValue, record.userCentError.rawValue, rig.outputPort,
         rig.sound?.program, rig.sound?.bank, rig.inputControl?.description]
    }

    // MARK: - Reading

    /// Every comparison, oldest first (ties in the order they were stored).
    public func comparisons() throws(StoreError) -> [StoredPitchComparison] {
        let path = self.path
        return try fetch("pitchComparison") { row, columns throws(StoreError) in
            try RowDecoder(path: path, table: "pitchComparison", row: row, columns: columns).comparison()
        }
    }

    /// Every matching, oldest first (ties in the order they were stored).
    public func matchings() throws(StoreError) -> [StoredPitchMatching] {
        let path = self.path
        return try fetch("pitchMatching") { row, columns throws(StoreError) in
            try RowDecoder(path: path, table: "pitchMatching", row: row, columns: columns).matching()
        }
    }

    func fetch<T>(_ table: String, _ decode: (Row, ColumnPositions) throws(StoreError) -> T) throws(StoreError) -> [T] {
        var result: [T] = []
        try forEachRow(of: table) { row, columns throws(StoreError) in result.append(try decode(row, columns)) }
        return result
    }

    /// Every record of `table`, oldest first, each checked whole (its rig's columns too) but kept
    /// without them: what a report reads, in one array rather than two.
    func records<T>(of table: String, _ decode: (RowDecoder) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let path = self.path
        return try fetch(table) { row, columns throws(StoreError) in
            let stored = try RowDecoder(path: path, table: table, row: row, columns: columns)
            let record = try decode(stored)
            _ = try stored.rig()
            return record
        }
    }

    /// Hands every row of `table` to `body`, oldest first (ties in the order they were stored),
    /// one at a time through a cursor: no more than one row is held, whatever the table's size.
    func forEachRow(of table: String, columns selected: String = "*", filter: String? = nil,
                            _ body: (Row, ColumnPositions) throws(StoreError) -> Void) throws(StoreError) {
        var failure: StoreError?
        do {
            try pool.read { db in
                let condition = filter.map { " WHERE \($0)" } ?? ""
                let rows = try Row.fetchCursor(db, sql: "SELECT \(selected) FROM \(table)\(condition) ORDER BY timestamp, id")
                var columns: ColumnPositions?
                while let row = try rows.next() {
                    let positions = columns ?? ColumnPositions(row)
                    columns = positions
                    do throws(StoreError) {
                        try body(row, positions)
                    } catch {
                        failure = error
                        return
                    }
                }
            }
        } catch {
            throw .operationFailed(path: path, operation: "read the \(table) records", reason: Self.reason(error))
        }
        if let failure { throw failure }
    }

    /// How many records of each kind are stored.
    public func counts() throws(StoreError) -> (comparisons: Int, matchings: Int) {
        do {
            return try pool.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pitchComparison") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pitchMatching") ?? 0)
            }
        } catch {
            throw .operationFailed(path: path, operation: "count the records", reason: Self.reason(error))
        }
    }

    /// The perceptual profile as all stored trials make it: what a new run starts from.
    /// Streamed: each row goes into the profile before the next is read, so 100 000 stored
    /// trials need no more memory than ten. Only what the profile uses is read (and checked):
    /// when, which interval, and the value; wrong comparisons count for nothing, so SQLite
    /// skips them. Export and the report still read and check every column.
    public func loadProfile() throws(StoreError) -> PerceptualProfile {
        let profile = PerceptualProfile()
        let path = self.path
        try forEachRow(of: "pitchComparison", columns: "id, timestamp, interval, centOffset",
                       filter: "isCorrect = 1") { row, columns throws(StoreError) in
            let stored = try RowDecoder(path: path, table: "pitchComparison", row: row, columns: columns)
            profile.add(abs(try stored.cents(.centOffset).rawValue), at: try stored.timestamp(),
                        to: .comparison(for: try stored.interval()))
        }
        try forEachRow(of: "pitchMatching", columns: "id, timestamp, interval, userCentError") { row, columns throws(StoreError) in
            let stored = try RowDecoder(path: path, table: "pitchMatching", row: row, columns: columns)
            profile.add(abs(try stored.cents(.userCentError).rawValue), at: try stored.timestamp(),
                        to: .matching(for: try stored.interval()))
        }
        try loadRhythm(into: profile)
        return profile
    }

    // MARK: - Deleting

    /// Deletes every record in one transaction.
    public func deleteAll() throws(StoreError) {
        do {
            try pool.write { db in
                try db.execute(sql: Self.deleteEverything)
            }
        } catch {
            throw .operationFailed(path: path, operation: "delete the training data", reason: Self.reason(error))
        }
    }

    /// Every record table, emptied: what reset and a replacing import do.
    static let deleteEverything = "DELETE FROM pitchComparison; DELETE FROM pitchMatching; "
        + "DELETE FROM \(RhythmSchema.detectionTable); DELETE FROM \(RhythmSchema.matchingTable)"

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}

extension TrainingStore {
    /// The store as a session's observer, saving every trial with `rig` (the session's port and
    /// sound) and the control that answered it, which comes with the trial.
    public func recorder(rig: RigContext = .none) -> TrialRecorder {
        TrialRecorder(store: self, rig: rig)
    }
}

extension TrainingStore: TrainingDataResetting {
    public func resetAllTrainingData() async throws {
        try deleteAll()
    }
}
