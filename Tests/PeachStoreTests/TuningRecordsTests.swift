import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

/// Records in tunings beyond the iOS app's two (issue 32): stored, migrated, exchanged.
@Suite("Records in other tunings", .timeLimit(.minutes(Patience.minutes(1))))
struct TuningRecordsTests {
    static let scala = try! TuningIdentifier(rawValue: "scala:Werckmeister, \"Septenarius\" tunings#00ff00ff00ff00ff")

    static func mixedStore(_ directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        let base = RecordFixtures.march1
        try await store.save(RecordFixtures.comparison(at: base, interval: .majorThird, offset: 12.5, correct: true))
        try await store.save(RecordFixtures.comparison(at: base + 1_000, interval: .majorThird,
                                                       tuning: TuningIdentifier(rawValue: "meantone-1/4"), offset: -3.25, correct: false))
        try await store.save(RecordFixtures.matching(at: base + 2_000, interval: .perfectFifth, tuning: scala,
                                                     initial: 7.5, error: -1.5))
        try await store.save(RecordFixtures.matching(at: base + 3_000, interval: .perfectFifth, tuning: .justIntonation,
                                                     initial: -2.0, error: 0.5))
        return store
    }

    @Test("a record keeps its tuning's identifier, a Scala one with its description and hash")
    func storedAndRead() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try await Self.mixedStore(directory)
        #expect(try store.comparisons().map(\.record.tuningSystem.rawValue) == ["equalTemperament", "meantone-1/4"])
        #expect(try store.matchings().map(\.record.tuningSystem) == [Self.scala, .justIntonation])
    }

    @Test("format 2 carries every tuning and re-imports byte for byte")
    func formatTwoRoundTrip() async throws {
        let source = try TemporaryStoreDirectory(), target = try TemporaryStoreDirectory()
        defer { source.remove(); target.remove() }
        let store = try await Self.mixedStore(source)
        let exported = try store.exportCSV()
        #expect(exported.hasPrefix("# peach-export-format:2\n"), "other tunings need format 2 by default")
        #expect(exported.contains(",meantone-1/4,"))
        #expect(exported.contains(",\"scala:Werckmeister, \"\"Septenarius\"\" tunings#00ff00ff00ff00ff\","))
        let parsed = try PeachCSVParser.parse(data: Data(exported.utf8), path: "export.csv")
        #expect(parsed.invalidRows.isEmpty)
        let copy = try TrainingStore(location: target.location)
        _ = try copy.importRecords(parsed, mode: .merge)
        #expect(Array(try copy.exportCSV(version: 2).utf8) == Array(exported.utf8))
    }

    @Test("format 1 leaves records in other tunings out, and the store counts them")
    func formatOneLeavesThemOut() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try await Self.mixedStore(directory)
        #expect(try store.recordsInOtherTunings() == 2)
        let exported = try store.exportCSV(version: 1)
        let lines = exported.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "# peach-export-format:1")
        #expect(!exported.contains("meantone") && !exported.contains("scala:"))
        #expect(lines[2].contains(",equalTemperament,") && lines[3].contains(",justIntonation,"))
    }

    @Test("a format 1 file naming another tuning is refused; format 2 accepts it")
    func importByFormat() throws {
        let row = "pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,64,E4,M3,werckmeister-iii,1.0,true,,"
        let one = "# peach-export-format:1\n\(PeachExportFormat.header(version: 1))\n\(row)"
        let two = "# peach-export-format:2\n\(PeachExportFormat.header(version: 2))\n\(row),,,"
        let refused = try PeachCSVParser.parse(data: Data(one.utf8), path: "one.csv")
        #expect(refused.invalidRows.map(\.reason) == ["unknown tuning system (expected equalTemperament or justIntonation)"])
        #expect(refused.invalidRows.map(\.column) == ["tuningSystem"])
        let accepted = try PeachCSVParser.parse(data: Data(two.utf8), path: "two.csv")
        #expect(accepted.invalidRows.isEmpty)
        #expect(accepted.of(PitchComparisonRecord.self).map(\.record.tuningSystem.rawValue) == ["werckmeister-iii"])
    }

    @Test("the v5 migration keeps every record of a v4 file, with its id, and then stores any tuning")
    func migrationKeepsRecords() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.tapCalibrations)
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect, outputPort)
                    VALUES (1772323200000, 60, 67, 'P5', 'justIntonation', 4.5, 1, 'Synth');
                    INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                    VALUES (1772323201000, 60, 60, 'P1', 'equalTemperament', -2.0, 0);
                    DELETE FROM pitchComparison WHERE timestamp = 1772323201000;
                    INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset, userCentError)
                    VALUES (1772323202000, 62, 66, 'M3', 'equalTemperament', 3.0, -1.0);
                    """)
                #expect(throws: DatabaseError.self) {
                    try db.execute(sql: """
                        INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset, userCentError)
                        VALUES (1, 60, 60, 'P1', 'vallotti', 0, 0)
                        """)
                }
                try db.execute(sql: "PRAGMA application_id = \(StoreSchema.applicationID)")
            }
            try queue.close()
        }
        let store = try TrainingStore(location: directory.location)
        #expect(try store.comparisons().map(\.record.tuningSystem) == [.justIntonation])
        #expect(try store.matchings().map(\.record.tuningSystem) == [.equalTemperament])
        let (ids, indexes, applied) = try await store.pool.read { db in
            (try Int64.fetchAll(db, sql: "SELECT id FROM pitchComparison"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'pitch%' ORDER BY name"),
             try StoreSchema.migrator().appliedMigrations(db))
        }
        #expect(ids == [1])
        #expect(indexes == ["pitchComparison_identity", "pitchMatching_identity"])
        #expect(applied.last == StoreSchema.tuningIdentifiers)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 5_000,
                                                       tuning: TuningIdentifier(rawValue: "vallotti"), offset: 1, correct: true))
        // AUTOINCREMENT keeps counting past the deleted row: ids are never reused.
        let newest = try await store.pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM pitchComparison") }
        #expect(newest == 3)
    }
}

@Suite("Profile report in other tunings", .timeLimit(.minutes(Patience.minutes(1))))
struct TunedProfileReportTests {
    @Test("the profile's pooled figures leave other tunings' intervals out; each tuning's stand apart")
    func keptApart() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let base = RecordFixtures.march1
        let meantone = try TuningIdentifier(rawValue: "meantone-1/4")
        try await store.save(RecordFixtures.comparison(at: base, interval: .majorThird, offset: 10, correct: true))
        try await store.save(RecordFixtures.comparison(at: base + 1_000, interval: .majorThird, tuning: meantone,
                                                       offset: 30, correct: true))
        try await store.save(RecordFixtures.comparison(at: base + 2_000, interval: .majorThird, tuning: meantone,
                                                       offset: -50, correct: true))
        try await store.save(RecordFixtures.comparison(at: base + 3_000, interval: .majorThird, tuning: meantone,
                                                       offset: 5, correct: false))
        try await store.save(RecordFixtures.matching(at: base + 4_000, interval: .perfectFifth, tuning: meantone,
                                                     initial: 3, error: -2.5))
        let report = try store.profileReport()
        #expect(report.statistics[.intervalComparison]?.count == 1)
        #expect(try store.tunedIntervalStatistics() == [
            TunedIntervalStatistics(discipline: .intervalComparison, tuning: meantone, trials: 2, mean: 40),
            TunedIntervalStatistics(discipline: .intervalMatching, tuning: meantone, trials: 1, mean: 2.5),
        ])
        #expect(try store.tunedIntervalStatistics().first?.line == "interval comparison in meantone-1/4: 2 correct trials, mean 40.0 c")
    }
}
