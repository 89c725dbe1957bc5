import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// Another program's SQLite file at the store's path is never changed, and a migration that
/// fails leaves the file byte for byte as it was (no WAL switch, no half-applied step).
@Suite("Foreign databases and failed migrations", .timeLimit(.minutes(Patience.minutes(1))))
struct ForeignDatabaseTests {
    private func applicationID(_ path: String) throws -> Int32 {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0 }
    }

    /// Writes a SQLite file with `sql` in the rollback journal (as most programs leave theirs).
    private func makeDatabase(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    private func expectUntouched(_ directory: TemporaryStoreDirectory, _ before: Data,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Data(contentsOf: directory.location.databaseURL) == before, "the file's bytes", sourceLocation: sourceLocation)
        for companion in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: directory.databasePath + companion), "\(companion)",
                    sourceLocation: sourceLocation)
        }
    }

    static let foreignFiles: [(sql: String, detail: String)] = [
        ("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('buy peaches')",
         "it holds the table notes, which peach never makes"),
        ("PRAGMA application_id = 1095519315",   // another program's id, no table yet
         "its SQLite application id is 0x414c4c53, not peach's"),
        ("CREATE TABLE pitchComparison (x); CREATE TABLE pitchMatching (y)",
         "it has peach's table names but no record of peach's schema steps"),
        ("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('create-users')",
         "its schema steps create-users are not peach's"),
    ]

    @Test("another program's SQLite file is refused, saying why, and left byte for byte as it was",
          arguments: foreignFiles.indices)
    func refusesForeignDatabase(index: Int) throws {
        let (sql, detail) = Self.foreignFiles[index]
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try makeDatabase(directory.databasePath, sql)
        let before = try Data(contentsOf: directory.location.databaseURL)
        for mode in [TrainingStore.AccessMode.readWrite, .readOnly] {
            let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location, mode: mode) }
            #expect("\(error.map { "\($0)" } ?? "")" == "\(directory.databasePath) is another program's SQLite database, "
                    + "not peach's training records (\(detail)). It was left untouched; move it aside, "
                    + "or choose another folder with --data-dir or PEACH_DATA_DIR.")
        }
        let inspection = #expect(throws: StoreError.self) { try StoreInspection.inspect(directory.location) }
        #expect("\(inspection.map { "\($0)" } ?? "")".contains(detail))
        try expectUntouched(directory, before)
    }

    @Test("profile, export and import refuse a foreign file on the command line and change nothing")
    func commandsRefuseForeignDatabase() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try makeDatabase(directory.databasePath, Self.foreignFiles[0].sql)
        let before = try Data(contentsOf: directory.location.databaseURL)
        let file = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        let peach = try PeachExecutable()
        for arguments in [["profile"], ["export"], ["import", file], ["reset", "--yes"]] {
            let outcome = try await peach.run(arguments + ["--data-dir", directory.url.path], in: directory)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.stderr.contains("is another program's SQLite database"), "\(arguments): \(outcome.stderr)")
        }
        try expectUntouched(directory, before)
    }

    @Test("a migration that fails leaves the file byte for byte as it was, as the message says")
    func failedMigrationLeavesFileUntouched() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        // A first-release store (rollback journal), then a column v2 adds to pitchMatching last:
        // v2 changes pitchComparison, then fails on the duplicate column.
        let queue = try DatabaseQueue(path: directory.databasePath)
        try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.trainingRecords)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1772323200000, 60, 60, 'P1', 'equalTemperament', 5.0, 1);
                ALTER TABLE pitchMatching ADD COLUMN inputControl TEXT;
                """)
        }
        try queue.close()
        let before = try Data(contentsOf: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("upgrading the schema failed: duplicate column name: inputControl"), "\(message)")
        #expect(message.contains("It was left untouched"))
        try expectUntouched(directory, before)
    }

    @Test("a store from before the application id is recognised, keeps its records and gains the id; read-only changes nothing")
    func earlyStoreGainsApplicationID() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let queue = try DatabaseQueue(path: directory.databasePath)
        try StoreSchema.migrator().migrate(queue)   // today's schema, as a release before the id made it
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1772323200000, 60, 60, 'P1', 'equalTemperament', 5.0, 1)
                """)
        }
        try queue.close()
        let before = try Data(contentsOf: directory.location.databaseURL)
        do {
            let readOnly = try TrainingStore(location: directory.location, mode: .readOnly)
            #expect(try readOnly.counts() == (1, 0))
        }
        try expectUntouched(directory, before)
        #expect(try applicationID(directory.databasePath) == 0)
        do {
            let store = try TrainingStore(location: directory.location)
            #expect(try store.counts() == (1, 0))
        }
        #expect(try applicationID(directory.databasePath) == StoreSchema.applicationID)
    }

    @Test("a new store carries peach's application id from the start")
    func newStoreHasApplicationID() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do { _ = try TrainingStore(location: directory.location) }
        #expect(try applicationID(directory.databasePath) == StoreSchema.applicationID)
    }
}
