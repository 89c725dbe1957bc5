import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// `StoreInspection`, what `peach doctor` learns of peach.sqlite: it never creates or upgrades.
@Suite("Store inspection", .timeLimit(.minutes(Patience.minutes(1))))
struct InspectionTests {
    @Test("no file: nil, and nothing is created")
    func missing() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        #expect(try StoreInspection.inspect(directory.location) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.databasePath))
    }

    @Test("a sound file: integrity ok, every migration, the counts (pitch and rhythm), writable")
    func sound() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: 1_772_323_200_000, offset: 5, correct: true))
        try await store.save(RecordFixtures.comparison(at: 1_772_323_201_000, offset: -5, correct: false))
        try await store.save(RecordFixtures.matching(at: 1_772_323_202_000, reference: 60, initial: 10, error: 1))
        for index in 0..<3 {
            try await store.save(RhythmFixtures.detection(at: 1_772_323_203_000 + Int64(index), offset: -5, correct: true))
        }
        try await store.save(RhythmFixtures.matching(at: 1_772_323_204_000, offset: 2.5))
        let inspection = try #require(try StoreInspection.inspect(directory.location))
        #expect(inspection == StoreInspection(
            path: directory.databasePath, integrity: ["ok"], appliedMigrations: StoreSchema.migrationNames,
            records: [RecordCount(name: "pitch comparison", format: 1, count: 2),
                      RecordCount(name: "pitch matching", format: 1, count: 1),
                      RecordCount(name: "rhythm offset detection", format: 2, count: 3),
                      RecordCount(name: "rhythm matching", format: 2, count: 1)],
            writable: true))
    }

    @Test("a file of the previous schema is reported as it is, not upgraded")
    func olderSchema() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.trainingRecords)
        }
        let inspection = try #require(try StoreInspection.inspect(directory.location))
        #expect(inspection.appliedMigrations == [StoreSchema.trainingRecords])
        let queue = try DatabaseQueue(path: directory.databasePath)
        #expect(try queue.read { try StoreSchema.migrator().appliedIdentifiers($0) } == [StoreSchema.trainingRecords])
    }

    @Test("an index that no longer matches its table fails the integrity check, row by row")
    func integrity() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    PRAGMA application_id = \(StoreSchema.applicationID);
                    CREATE TABLE pitchComparison (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER);
                    CREATE INDEX broken ON pitchComparison(a);
                    INSERT INTO pitchComparison (a, b) VALUES (1, 10), (2, 20);
                    PRAGMA writable_schema = ON;
                    UPDATE sqlite_schema SET sql = 'CREATE INDEX broken ON pitchComparison(b)' WHERE name = 'broken';
                    """)
            }
        }
        let inspection = try #require(try StoreInspection.inspect(directory.location))
        #expect(inspection.integrity == ["row 1 missing from index broken", "row 2 missing from index broken"])
        #expect(inspection.count("pitch comparison") == 2)
    }

    @Test("a file that is not a database throws, naming it")
    func notADatabase() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        _ = try directory.write(String(repeating: "plain text\n", count: 100), to: "peach.sqlite")
        #expect {
            try StoreInspection.inspect(directory.location)
        } throws: { error in
            guard case .unreadableDatabase(let path, _)? = error as? StoreError else { return false }
            return path == directory.databasePath
        }
    }
}
