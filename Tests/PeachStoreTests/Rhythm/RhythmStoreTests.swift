import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Rhythm records in the store", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmStoreTests {
    private func columns(_ table: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String }
    }

    /// A file as the previous release left it: migrations v1 and v2, one pitch record.
    private func previousReleaseFile(_ directory: TemporaryStoreDirectory) async throws {
        let queue = try DatabaseQueue(path: directory.databasePath)
        try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.rigContext)
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1772323200000, 60, 60, 'P1', 'equalTemperament', 4.5, 1);
                PRAGMA application_id = \(StoreSchema.applicationID);
                """)
        }
        try queue.close()
    }

    @Test("a file of the previous schema keeps its records and gains the rhythm tables")
    func migratesPreviousRelease() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try await previousReleaseFile(directory)
        let store = try TrainingStore(location: directory.location)
        let (applied, detection, matching) = try await store.pool.read { db in
            (try StoreSchema.migrator().appliedMigrations(db), try columns("rhythmOffsetDetection", db),
             try columns("rhythmMatching", db))
        }
        #expect(applied == ["v1-training-records", "v2-rig-context", "v3-rhythm-records", "v4-tap-calibrations",
                           "v5-tuning-identifiers"])
        let rig = ["outputPort", "soundProgram", "soundBank", "inputControl"]
        #expect(detection == ["id", "timestamp", "tempoBPM", "offsetMs", "isCorrect"] + rig)
        #expect(matching == ["id", "timestamp", "tempoBPM", "userOffsetMs"] + rig)
        #expect(try store.comparisons().map(\.record) == [
            RecordFixtures.comparison(at: 1_772_323_200_000, offset: 4.5, correct: true),
        ])
    }

    @Test("a migration that fails leaves the file byte for byte as it was, and says why")
    func failedMigrationLeavesTheFileUntouched() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try await previousReleaseFile(directory)
        // An index under the name the rhythm migration creates: its CREATE INDEX fails midway,
        // after the tables were made, so the whole step must roll back.
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try await queue.write { db in
                try db.execute(sql: "CREATE INDEX rhythmMatching_identity ON pitchComparison(timestamp)")
            }
            try queue.close()
        }
        let before = try Data(contentsOf: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        #expect((error.map { "\($0)" } ?? "").contains("upgrading the schema failed"))
        #expect(try Data(contentsOf: directory.location.databaseURL) == before)
    }

    @Test("rhythm records are saved with the rig, read back oldest first, counted and reset with the rest")
    func saveReadCountReset() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let (detections, matchings) = RhythmFixtures.history()
        let rig = RigContext(outputPort: "FLUID Synth", inputControl: .note(38))
        let recorder = store.recorder(rig: RigContext(outputPort: "FLUID Synth"))
        for record in detections.reversed() {
            try await recorder.rhythmOffsetDetectionCompleted(record, answeredBy: AnswerSource("note 38"))
        }
        for record in matchings { try await store.save(record, rig: rig) }
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 3, correct: true))

        #expect(try store.rhythmDetections().map(\.record) == detections)
        #expect(try store.rhythmDetections().allSatisfy { $0.rig == rig })
        #expect(try store.rhythmMatchings().map(\.record) == matchings)
        #expect(try store.rhythmCounts() == (4, 3))

        let profile = try store.loadProfile()
        let rebuilt = PerceptualProfile(comparisons: [], matchings: [], rhythmDetections: detections, rhythmMatchings: matchings)
        #expect(profile.rhythmKeys == rebuilt.rhythmKeys)
        for key in rebuilt.rhythmKeys { #expect(profile.statistics(for: key) == rebuilt.statistics(for: key)) }
        #expect(profile.statistics(for: .unisonComparison)?.count == 1)

        try await recorder.resetAllTrainingData()
        #expect(try store.rhythmCounts() == (0, 0))
        #expect(try store.counts() == (0, 0))
    }

    @Test("a damaged rhythm row is refused, naming table, row and column", arguments: [
        // Records keep any positive tempo (issue 34 item 2): only what the schema's check would refuse is damage.
        ("PRAGMA ignore_check_constraints = ON; UPDATE rhythmMatching SET tempoBPM = 0", "tempoBPM", "0 BPM is not a positive tempo"),
        ("UPDATE rhythmMatching SET userOffsetMs = 'soon'", "userOffsetMs", "not a number"),
        ("UPDATE rhythmMatching SET userOffsetMs = 5000.0", "userOffsetMs", "5000.0 ms is beyond what a trial records"),
    ])
    func damagedRowsAreRefused(damage: String, column: String, problem: String) async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let id = try await store.save(RhythmFixtures.matching(at: RecordFixtures.march1, offset: 1))
        try await store.pool.write { db in try db.execute(sql: damage) }
        let error = #expect(throws: StoreError.self) { try store.rhythmMatchings() }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("rhythmMatching"), "\(message)")
        #expect(message.contains("\(id)") && message.contains(column) && message.contains(problem), "\(message)")
        #expect(throws: StoreError.self) { try store.loadProfile() }
    }
}
