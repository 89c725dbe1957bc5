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
    /// The disciplines whose records the file holds.
    let kinds: RecordKinds
    let pool: DatabasePool
    /// The file opened at `path`, so a write can tell when it was deleted or replaced.
    let openedFile: FileIdentity?
    var path: String { location.databasePath }

    /// Waits for another process's write lock (`StoreBusyWait`).
    let busyWait: StoreBusyWait

    /// How much of the file is checked as it is opened.
    public enum IntegrityCheck: Sendable {
        /// SQLite's quick_check over the whole file before anything is read or written.
        case wholeFile
        /// Only what is read, as it is read (SQLite refuses a damaged page it comes to): for a
        /// report from the kept tally (`keptProfileReport`), whose cost would otherwise follow
        /// the file's size however few rows it reads. Read-only stores only: a store opened for
        /// writing is always checked whole first (opening its pool may write to the file).
        case whatIsRead
    }

    /// - Parameter busyNoticeAfter: how long a write waits for another process's lock before
    ///   `onBusyWait`'s listener hears of it (the wait goes on).
    public convenience init(location: StoreLocation, mode: AccessMode = .readWrite, check: IntegrityCheck = .wholeFile,
                            busyNoticeAfter: Duration = .seconds(2)) throws(StoreError) {
        try self.init(location: location, mode: mode, kinds: .standard, check: check, busyNoticeAfter: busyNoticeAfter)
    }

    init(location: StoreLocation, mode: AccessMode, kinds: RecordKinds, check: IntegrityCheck = .wholeFile,
         busyNoticeAfter: Duration = .seconds(2)) throws(StoreError) {
        self.location = location
        self.kinds = kinds
        let path = location.databasePath
        let busyWait = StoreBusyWait(path: path, noticeAfter: busyNoticeAfter)
        self.busyWait = busyWait
        // Whether this opening made the file: then it is empty and ours, with nothing to inspect.
        var created = false
        switch mode {
        case .readWrite:
            created = try DatabaseFile.prepare(location)
        case .readOnly:
            guard DatabaseFile.exists(location) else {
                throw .unreadableDatabase(path: path, reason: "no such file")
            }
            try DatabaseFile.checkKinds(location)
        }
        try DatabaseFile.rollBackInterruptedWrite(location)
        // Read-only: also a store in a folder nobody may write (`readOnlyOpeningPath`).
        let opening = mode == .readOnly ? DatabaseFile.readOnlyOpeningPath(location) : path
        // Inspect first through a read-only connection: a damaged, foreign or newer file is
        // refused before anything could write to it (opening a pool writes to the file).
        // A file just made is given its schema through the pool's writer below: one connection
        // instead of three on the way to a first training's first note (issue 30).
        if !created, try Self.inspect(path: path, opening: opening, mode: mode, kinds: kinds, check: check) {
            try Self.upgrade(path: path, kinds: kinds)
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
        if created {
            do {
                // One transaction, as `upgrade`: if it fails, the new file stays empty.
                try pool.writeWithoutTransaction { db in try StoreSchema.upgrade(db, kinds: kinds) }
            } catch {
                throw .unreadableDatabase(path: path, reason: "upgrading the schema failed: \(Self.reason(error))")
            }
        }
        openedFile = FileIdentity.of(path)
    }

    /// Checks whose file it is, its integrity (the whole file's, unless a read-only store is
    /// opened `.whatIsRead`) and its schema version; true when it needs writing before use
    /// (pending migrations, or a store from before the application id).
    private static func inspect(path: String, opening: String, mode: AccessMode, kinds: RecordKinds,
                                check: IntegrityCheck) throws(StoreError) -> Bool {
        let (identity, integrity, applied): (StoreIdentity, String?, Set<String>)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(10)
            let queue = try DatabaseQueue(path: opening, configuration: configuration)
            (identity, integrity, applied) = try queue.read { db in
                let identity = try StoreIdentity.of(db)
                let applied = try db.tableExists("grdb_migrations")
                    ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
                let integrity = check == .wholeFile || mode == .readWrite ? try quickCheck(db) : nil
                return (identity, integrity, applied)
            }
            try queue.close()
        } catch {
            throw .unreadableDatabase(path: path, reason: reason(error))
        }
        if let integrity, integrity != "ok" {
            throw .unreadableDatabase(path: path, reason: "the integrity check reports: \(integrity)")
        }
        if case .foreign(let detail) = identity { throw .foreignDatabase(path: path, detail: detail) }
        let known = kinds.migrationNames
        let unknown = applied.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw .newerSchema(path: path, unknownMigrations: unknown) }
        let complete = known.allSatisfy(applied.contains)
        guard complete || mode == .readWrite else {
            throw .unreadableDatabase(path: path, reason: "its schema is older than this peach; open it once for writing to upgrade it")
        }
        return mode == .readWrite && (!complete || identity != .peach)
    }

    /// SQLite's quick_check of the whole file: "ok", or its first complaint.
    private static func quickCheck(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
    }

    /// Runs the pending migrations and sets the application id in one transaction, through a
    /// connection that leaves the journal mode alone: if anything fails, the file is as it was.
    /// (Only then does the pool switch a new file to WAL.)
    private static func upgrade(path: String, kinds: RecordKinds) throws(StoreError) {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.label = "peach.store.upgrade"
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                try queue.writeWithoutTransaction { db in try StoreSchema.upgrade(db, kinds: kinds) }
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
    func saveRecord<Record: StoredRecord>(_ record: Record, rig: RigContext) async throws(StoreError) -> Int64 {
        let kind = Record.kind
        return try await insert("\(kind.name) trial") { db in
            try db.cachedStatement(sql: kind.insertSQL).execute(arguments: Self.arguments(record, rig: rig))
            return db.lastInsertedRowID
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

    /// The insert's values: the timestamp, the record's own columns, the rig's.
    static func arguments(_ record: some StoredRecord, rig: RigContext) -> StatementArguments {
        StatementArguments([RecordTimestamp.milliseconds(of: record.timestamp)] + record.storedValues
                           + [rig.outputPort, rig.sound?.program, rig.sound?.bank, rig.inputControl?.description])
    }

    // MARK: - Reading

    /// Every record of a kind, oldest first (ties in the order they were stored), with its row
    /// id and rig.
    func stored<Record: StoredRecord>(_: Record.Type) throws(StoreError) -> [(id: Int64, record: Record, rig: RigContext)] {
        let path = self.path, table = Record.kind.table
        return try fetch(table) { row, columns throws(StoreError) in
            let stored = try RowDecoder(path: path, table: table, row: row, columns: columns)
            return (stored.id, try Record(stored: stored), try stored.rig())
        }
    }

    /// How many records of a kind are stored.
    func count(of kind: RecordKind) throws(StoreError) -> Int {
        do {
            return try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(kind.table)") ?? 0 }
        } catch {
            throw .operationFailed(path: path, operation: "count the \(kind.name) records", reason: Self.reason(error))
        }
    }

    func fetch<T>(_ table: String, _ decode: (Row, ColumnPositions) throws(StoreError) -> T) throws(StoreError) -> [T] {
        var result: [T] = []
        try forEachRow(of: table) { row, columns throws(StoreError) in result.append(try decode(row, columns)) }
        return result
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

    /// The perceptual profile as all stored trials make it: what a new run starts from.
    /// Streamed: each row goes into the profile before the next is read, so 100 000 stored
    /// trials need no more memory than ten. Only what the profile uses is read (and checked),
    /// and only the rows it uses (wrong comparisons count for nothing, so SQLite skips them).
    /// Export and the report still read and check every column.
    public func loadProfile() throws(StoreError) -> PerceptualProfile {
        let profile = PerceptualProfile()
        for type in kinds.types { try load(type, into: profile) }
        return profile
    }

    func load<Record: StoredRecord>(_: Record.Type, into profile: PerceptualProfile) throws(StoreError) {
        let path = self.path, table = Record.kind.table
        let columns = ([StoredColumn.id, .timestamp] + Record.profileColumns).map(\.name).joined(separator: ", ")
        try forEachRow(of: table, columns: columns, filter: Record.profileFilter) { row, positions throws(StoreError) in
            try Record.addStored(RowDecoder(path: path, table: table, row: row, columns: positions), to: profile)
        }
    }

    // MARK: - Deleting

    /// Deletes every record in one transaction.
    public func deleteAll() throws(StoreError) {
        do {
            try pool.write { db in
                try ProfileTallyCache.deleteInBulk(db, kinds.deleteEverything)
            }
        } catch {
            throw .operationFailed(path: path, operation: "delete the training data", reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        if let interrupted = DatabaseFile.interruptedWriteReason(error) { return interrupted }
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
