import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A writer killed inside a rollback-journal transaction (a `peach import` creating the store,
/// whose migrations run before the file turns to WAL) leaves a hot `-journal` beside the file.
/// Until a connection that may write rolls it back, SQLite refuses every read-only connection
/// ("attempt to write a readonly database"), so doctor, profile and export, and the read-only
/// first look of every opening, took a sound store for a broken one.
extension DatabaseFile {
    /// SQLITE_READONLY_ROLLBACK: a hot journal that a read-only connection may not roll back.
    static let readOnlyRollback: Int32 = 776

    /// Rolls back a hot journal left at `location`, as SQLite's own crash recovery would on the
    /// next writing connection: the file returns to its last commit, so no committed record is
    /// lost, and nothing is done when no journal is there or another process's transaction is
    /// still live (its lock makes the journal not hot; the read waits for it, then finds none).
    /// A store nobody may write is left as it is; reading it then fails with `interruptedWriteReason`'s message.
    static func rollBackInterruptedWrite(_ location: StoreLocation) throws(StoreError) {
        let path = location.databasePath
        guard journalHoldsAnything(path + "-journal"), isWritable(location) else { return }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.label = "peach.store.rollback"
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // Any read takes the shared lock, which is where SQLite finds and rolls back a hot journal.
            try queue.inDatabase { db in _ = try Int.fetchOne(db, sql: "PRAGMA schema_version") }
            try queue.close()
        } catch {
            throw .unreadableDatabase(path: path, reason: "rolling back the write that was cut off (\(path)-journal) failed: \(TrainingStore.reason(error))")
        }
    }

    /// Why a read-only connection refused a store, where `error` is its hot journal's refusal.
    static func interruptedWriteReason(_ error: any Error) -> String? {
        guard let error = error as? DatabaseError, error.extendedResultCode.rawValue == readOnlyRollback else { return nil }
        return "a write to it was cut off, and the journal it left beside it (-journal) must be rolled back "
            + "before it can be read, which needs write access to the file and its folder: "
            + "run any peach command once where it may write"
    }

    private static func journalHoldsAnything(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_size > 0
    }
}
