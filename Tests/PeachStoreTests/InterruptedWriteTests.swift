import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// A writer killed inside a rollback-journal transaction (a store being created: its migrations
/// run before the file turns to WAL) leaves a hot journal, which a read-only connection may not
/// roll back. The state is made without a kill: the file and its journal are copied while a
/// transaction that has already spilled pages into the file is open, so the copy is exactly
/// what a kill at that moment leaves.
@Suite("A write cut off mid-transaction: the next opening rolls it back, read-only ones too")
struct InterruptedWriteTests {
    /// A store with two committed trials, and a copy of it taken inside an uncommitted
    /// transaction that wrote a table of 2 000 rows: the copy holds a hot `-journal`.
    static func storeWithHotJournal(in directory: TemporaryStoreDirectory) async throws -> StoreLocation {
        let original = StoreLocation(directory: directory.url.appendingPathComponent("original"))
        do {
            let store = try TrainingStore(location: original)
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
            try await store.save(RecordFixtures.matching(at: RecordFixtures.march1 + 1, initial: 5, error: 1))
        }
        let copy = StoreLocation(directory: directory.url.appendingPathComponent("copy"))
        try copyInsideTransaction(original, to: copy)
        let journal = try FileManager.default.attributesOfItem(atPath: copy.databasePath + "-journal")
        try #require(((journal[.size] as? NSNumber)?.intValue ?? 0) > 0, "the copy must hold the journal")
        return copy
    }

    private static func copyInsideTransaction(_ original: StoreLocation, to copy: StoreLocation) throws {
        try FileManager.default.createDirectory(at: copy.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: original.databasePath)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.inDatabase { db in
            // A one-page cache: the rows spill into the file long before a commit.
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.inTransaction {
                try db.execute(sql: "CREATE TABLE scratch (x TEXT)")
                for _ in 0..<2_000 { try db.execute(sql: "INSERT INTO scratch VALUES (?)", arguments: [String(repeating: "x", count: 100)]) }
                for suffix in ["", "-journal"] {
                    try FileManager.default.copyItem(atPath: original.databasePath + suffix, toPath: copy.databasePath + suffix)
                }
                return .rollback
            }
        }
        try queue.close()
    }

    @Test("profile and export's read-only opening reads the last committed records")
    func readOnlyStore() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let copy = try await Self.storeWithHotJournal(in: directory)
        let store = try TrainingStore(location: copy, mode: .readOnly)
        #expect(try store.comparisons().count == 1)
        #expect(try store.matchings().count == 1)
        #expect(!FileManager.default.fileExists(atPath: copy.databasePath + "-journal"))
    }

    @Test("doctor's inspection finds the file whole, with its committed records")
    func inspection() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let copy = try await Self.storeWithHotJournal(in: directory)
        let inspection = try #require(try StoreInspection.inspect(copy))
        #expect(inspection.integrity == ["ok"])
        #expect(inspection.total == 2)
        #expect(inspection.appliedMigrations == StoreInspection.knownMigrations)
    }

    @Test("a writing opening goes on recording after the committed records, and the cut-off table is gone")
    func writingStore() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let copy = try await Self.storeWithHotJournal(in: directory)
        let store = try TrainingStore(location: copy)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 2, offset: 3, correct: false))
        #expect(try store.comparisons().count == 2)
        #expect(try await store.pool.read { db in try db.tableExists("scratch") } == false)
    }

    @Test("where the journal may not be rolled back, the refusal says a write was cut off and what to do")
    func refusalNamesTheJournal() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let copy = try await Self.storeWithHotJournal(in: directory)
        // What a read-only connection meets where peach may not write (as root, access() would
        // let the rollback happen, so the refusal is produced directly).
        var configuration = Configuration()
        configuration.readonly = true
        let error = try #require(throws: DatabaseError.self) {
            let queue = try DatabaseQueue(path: copy.databasePath, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
        }
        let reason = TrainingStore.reason(error)
        #expect(reason.contains("a write to it was cut off"), "\(reason)")
        #expect(reason.contains("-journal"), "\(reason)")
        #expect(reason.contains("run any peach command once where it may write"), "\(reason)")
    }
}
