import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Tap calibrations in the store", .timeLimit(.minutes(Patience.minutes(1))))
struct CalibrationStoreTests {
    private static let synth = "FLUID Synth:Synth input port"
    private static let pads = "MPK mini:MPK mini MIDI 1"

    private static func calibration(_ latency: Double, spread: Double = 2.5, taps: Int = 20,
                                    at milliseconds: Int64 = 1_772_323_200_000) throws -> TapCalibration {
        try TapCalibration(latency: TapLatency(milliseconds: latency), spreadMilliseconds: spread, tapsUsed: taps,
                           measuredAt: RecordTimestamp.date(milliseconds: milliseconds))
    }

    @Test("none stored: nil; stored: the latest of the pair wins, other pairs keep theirs, history is kept")
    func latestPerPair() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        #expect(try store.latestCalibration(output: Self.synth, input: Self.pads) == nil)

        let first = try Self.calibration(31.5, at: 1_772_323_200_000)
        let second = try Self.calibration(23.4, spread: 2.1, at: 1_772_323_260_000)
        let other = try Self.calibration(-12, at: 1_772_323_300_000)
        try await store.save(second, output: Self.synth, input: Self.pads)
        try await store.save(first, output: Self.synth, input: Self.pads)   // measured earlier, saved later
        try await store.save(other, output: "amsynth:MIDI IN", input: Self.pads)

        #expect(try store.latestCalibration(output: Self.synth, input: Self.pads) == second)
        #expect(try store.latestCalibration(output: "amsynth:MIDI IN", input: Self.pads) == other)
        #expect(try store.latestCalibration(output: Self.synth, input: "amsynth:MIDI IN") == nil)
        let history = try store.calibrations(output: Self.synth, input: Self.pads)
        #expect(history.map(\.calibration) == [first, second])
        #expect(try store.calibrations().count == 3)

        // Read back from the file by a second store: nothing was only in memory.
        let reopened = try TrainingStore(location: directory.location, mode: .readOnly)
        #expect(try reopened.latestCalibration(output: Self.synth, input: Self.pads) == second)
    }

    @Test("a reset of the training data leaves the calibrations: they describe the rig")
    func resetKeepsCalibrations() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let calibration = try Self.calibration(23)
        try await store.save(calibration, output: Self.synth, input: Self.pads)
        try await store.resetAllTrainingData()
        #expect(try store.latestCalibration(output: Self.synth, input: Self.pads) == calibration)
    }

    @Test("a corrupt row is refused with the table, the row and the column",
          arguments: [
            ("latencyMs", "400.0", "tap latency 400.0 ms is out of range"),
            ("latencyMs", "'soon'", "not a number"),
            ("spreadMs", "55.0", "55.0 ms is not a spread 0…30 ms"),
            ("tapsUsed", "3", "3 is not a count of taps (at least 8)"),
            ("outputPort", "x'00'", "not text"),
          ])
    func corruptRow(column: String, value: String, problem: String) async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let id = try await store.save(try Self.calibration(23), output: Self.synth, input: Self.pads)
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE tapCalibration SET \(column) = \(value) WHERE id = \(id)")
        }
        #expect {
            _ = try store.latestCalibration(output: column == "outputPort" ? "\0" : Self.synth, input: Self.pads)
            _ = try store.calibrations()
        } throws: { error in
            let text = "\(error)"
            return text.contains("table tapCalibration, row id \(id), column \(column): ") && text.contains(problem)
        }
    }

    @Test("a file of the previous schema keeps its rhythm records and gains the calibration table")
    func migratesPreviousRelease() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try StoreSchema.migrator().migrate(queue, upTo: StoreSchema.rhythmRecords)
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO rhythmMatching (timestamp, tempoBPM, userOffsetMs) VALUES (1772323200000, 80, -4.5);
                    PRAGMA application_id = \(StoreSchema.applicationID);
                    """)
            }
            try queue.close()
        }
        let store = try TrainingStore(location: directory.location)
        let (applied, columns) = try await store.pool.read { db in
            (try StoreSchema.migrator().appliedMigrations(db),
             try Row.fetchAll(db, sql: "PRAGMA table_info(tapCalibration)").map { $0["name"] as String })
        }
        #expect(applied.last == "v5-tuning-identifiers")
        #expect(columns == ["id", "measuredAt", "outputPort", "inputPort", "latencyMs", "spreadMs", "tapsUsed"])
        #expect(try store.rhythmMatchings().map(\.record.userOffset.milliseconds) == [-4.5])
        #expect(try store.latestCalibration(output: Self.synth, input: Self.pads) == nil)
    }
}
