import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Schema migrations", .timeLimit(.minutes(Patience.minutes(1))))
struct MigrationTests {
    private func columns(_ table: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String }
    }

    @Test("an empty file gets every migration, in order, and the full schema")
    func migratesEmptyFile() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        _ = FileManager.default.createFile(atPath: directory.databasePath, contents: nil)
        let store = try TrainingStore(location: directory.location)
        let (applied, comparison, matching) = try store.pool.read { db in
            (try StoreSchema.migrator().appliedMigrations(db), try columns("pitchComparison", db), try columns("pitchMatching", db))
        }
        #expect(applied == ["v1-training-records", "v2-rig-context", "v3-rhythm-records", "v4-tap-calibrations",
                           "v5-tuning-identifiers"])
        let common = ["id", "timestamp", "referenceNote", "targetNote", "interval", "tuningSystem"]
        let rig = ["outputPort", "soundProgram", "soundBank", "inputControl"]
        #expect(comparison == common + ["centOffset", "isCorrect"] + rig)
        #expect(matching == common + ["initialCentOffset", "userCentError"] + rig)
    }

    @Test("a file of the previous schema keeps its records and gains the rig context")
    func migratesPreviousVersion() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        // Build the v1 file exactly as the first release would have: first migration only.
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.trainingRecords)
            try await queue.write { db in
                #expect(try !columns("pitchComparison", db).contains("outputPort"))
                try db.execute(sql: """
                    INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                    VALUES (1772323200000, 60, 67, 'P5', 'justIntonation', -12.5, 1), (1772323201000, 69, 69, 'P1', 'equalTemperament', 3.0, 0);
                    INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset, userCentError)
                    VALUES (1772323202000, 57, 52, 'P4', 'equalTemperament', 15.0, -2.75);
                    """)
            }
        }
        let store = try TrainingStore(location: directory.location)
        let applied = try await store.pool.read { db in try StoreSchema.migrator().appliedMigrations(db) }
        #expect(applied == StoreSchema.migrationNames)
        let comparisons = try store.comparisons()
        #expect(comparisons.map(\.record) == [
            RecordFixtures.comparison(at: 1_772_323_200_000, reference: 60, interval: .perfectFifth,
                                      tuning: .justIntonation, offset: -12.5, correct: true),
            RecordFixtures.comparison(at: 1_772_323_201_000, reference: 69, offset: 3, correct: false),
        ])
        #expect(comparisons.allSatisfy { $0.rig == .none })
        #expect(try store.matchings().map(\.record) == [
            RecordFixtures.matching(at: 1_772_323_202_000, reference: 57, interval: .perfectFourth, up: false,
                                    initial: 15, error: -2.75),
        ])
        // And the new columns work.
        try await store.save(RecordFixtures.comparison(at: 1_772_323_203_000, offset: 1, correct: true),
                             rig: RigContext(outputPort: "out", inputControl: .controlChange(1)))
        #expect(try store.comparisons().last?.rig == RigContext(outputPort: "out", inputControl: .controlChange(1)))
    }

    @Test("a file from a newer peach is refused, naming the unknown schema step, and left untouched")
    func refusesNewerSchema() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let store = try TrainingStore(location: directory.location)
            try store.pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v3-from-the-future')") }
        }
        let before = try Data(contentsOf: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        #expect((error.map { "\($0)" } ?? "").contains("newer peach (schema steps v3-from-the-future)"))
        #expect(try Data(contentsOf: directory.location.databaseURL) == before)
    }
}
