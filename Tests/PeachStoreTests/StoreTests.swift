import Foundation
import GRDB
import PeachCore
import PeachRig
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("The training database: location, file, recording, failures", .timeLimit(.minutes(Patience.minutes(1))))
struct StoreTests {
    @Test("the folder comes from --data-dir, PEACH_DATA_DIR, XDG_DATA_HOME, then ~/.local/share")
    func resolvesLocation() {
        let home = "/home/ann"
        let all = ["PEACH_DATA_DIR": "/env/dir", "XDG_DATA_HOME": "/xdg"]
        #expect(StoreLocation.resolve(dataDirOption: "/opt/d", environment: all, homeDirectory: home).databasePath
                == "/opt/d/peach.sqlite")
        #expect(StoreLocation.resolve(dataDirOption: nil, environment: all, homeDirectory: home).databasePath
                == "/env/dir/peach.sqlite")
        #expect(StoreLocation.resolve(dataDirOption: nil, environment: ["XDG_DATA_HOME": "/xdg"], homeDirectory: home).databasePath
                == "/xdg/peach/peach.sqlite")
        // The XDG spec says a relative path is invalid and must be ignored.
        #expect(StoreLocation.resolve(dataDirOption: nil, environment: ["XDG_DATA_HOME": "rel"], homeDirectory: home).databasePath
                == "/home/ann/.local/share/peach/peach.sqlite")
        #expect(StoreLocation.resolve(dataDirOption: "", environment: ["PEACH_DATA_DIR": ""], homeDirectory: home).databasePath
                == "/home/ann/.local/share/peach/peach.sqlite")
    }

    @Test("a new database is created with mode 0600, in WAL mode, in a new folder")
    func createsPrivateWALFile() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.url.appendingPathComponent("nested/peach"))
        let store = try TrainingStore(location: location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        let attributes = try FileManager.default.attributesOfItem(atPath: location.databasePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let wal = try FileManager.default.attributesOfItem(atPath: location.databasePath + "-wal")
        #expect((wal[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let mode = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let synchronous = try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(synchronous == 2)   // FULL
    }

    @Test("recorded trials read back unchanged, each with its session's rig and the control that answered it")
    func recordsWithRigContext() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let first = RecordFixtures.comparison(at: RecordFixtures.march1, interval: .perfectFifth, offset: -12.5, correct: false)
        let second = RecordFixtures.matching(at: RecordFixtures.march1 + 1, interval: .majorThird, up: false,
                                             tuning: .justIntonation, initial: 17.25, error: -3.125)
        try await store.recorder().pitchComparisonCompleted(first, answeredBy: AnswerSource("terminal"))
        let rig = RigContext(outputPort: "FLUID Synth (128:0)", sound: try SoundSelection(program: 19, bank: 130),
                             inputControl: .pitchWheel)
        try await store.recorder(rig: RigContext(outputPort: rig.outputPort, sound: rig.sound))
            .pitchMatchingCompleted(second, answeredBy: AnswerSource("pitch wheel"))
        let third = RecordFixtures.comparison(at: RecordFixtures.march1 + 2, offset: 7, correct: true)
        try await store.recorder().pitchComparisonCompleted(third, answeredBy: AnswerSource("note 61"))

        let reopened = try TrainingStore(location: directory.location)
        let comparisons = try reopened.comparisons()
        let matchings = try reopened.matchings()
        #expect(comparisons.map(\.record) == [first, third])
        #expect(comparisons.map(\.rig) == [.none, RigContext(inputControl: .note(61))])
        #expect(matchings.map(\.record) == [second])
        #expect(matchings.map(\.rig) == [rig])
    }

    @Test("timestamps finer than a millisecond are kept to the millisecond")
    func truncatesTimestamps() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        var record = RecordFixtures.comparison(at: 0, offset: 5, correct: true)
        record.timestamp = Date(timeIntervalSince1970: 1_772_357_405.123_987)
        try await store.save(record)
        #expect(try store.comparisons().first?.record.timestamp == RecordTimestamp.date(milliseconds: 1_772_357_405_123))
    }

    @Test("recording into a read-only database throws a clear error and changes nothing")
    func readOnlyRecordingFails() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try await TrainingStore(location: directory.location)
            .save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        let readOnly = try TrainingStore(location: directory.location, mode: .readOnly)
        let error = await #expect(throws: StoreError.self) {
            try await readOnly.save(RecordFixtures.matching(at: RecordFixtures.march1 + 5, initial: 1, error: 2))
        }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("could not save the pitch matching trial to \(directory.databasePath)"))
        #expect(message.contains("readonly"))
        #expect(try readOnly.counts() == (1, 0))
    }

    @Test("a database file the process may not write is refused at opening, naming it (skipped as root, who may write anything)",
          .enabled(if: geteuid() != 0))
    func unwritableFileFails() async throws {
        // (As root the store opens, and `readOnlyRecordingFails` covers the failing write.)
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try await TrainingStore(location: directory.location)
            .save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        chmod(directory.databasePath, 0o400)
        chmod(directory.url.path, 0o500)
        defer { chmod(directory.url.path, 0o700) }
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        #expect((error.map { "\($0)" } ?? "").contains("cannot write to \(directory.databasePath) (Permission denied)"))
    }

    @Test("a file that is not a database is refused with its path and left untouched")
    func refusesGarbage() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(directory.databasePath))
        #expect(message.contains("not a usable training database"))
        #expect(try Data(contentsOf: directory.location.databaseURL) == garbage)
    }

    @Test("a database with a damaged page is refused with its path and left untouched")
    func refusesDamagedPages() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let store = try TrainingStore(location: directory.location)
            for index in 0..<400 {
                try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + Int64(index), offset: Double(index), correct: true))
            }
        }   // closing the last connection checkpoints the WAL into the file
        var bytes = try Data(contentsOf: directory.location.databaseURL)
        let pageSize = 4096
        #expect(bytes.count > 6 * pageSize)
        for offset in (3 * pageSize)..<(3 * pageSize + 200) { bytes[offset] = 0xA5 }
        try bytes.write(to: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location) }
        #expect((error.map { "\($0)" } ?? "").contains(directory.databasePath))
        #expect(try Data(contentsOf: directory.location.databaseURL) == bytes)
    }

    @Test("a corrupt row (written behind the store's back) is reported by table, id and column")
    func reportsCorruptRow() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        try await store.pool.write { db in try db.execute(sql: "UPDATE pitchComparison SET centOffset = 'loud'") }
        let error = #expect(throws: StoreError.self) { try store.comparisons() }
        #expect((error.map { "\($0)" } ?? "") == "\(directory.databasePath): table pitchComparison, row id 1, column centOffset: not a number")
    }

    @Test("a value no trial records (written behind the store's back) is refused by every reader, never a crash")
    func hugeStoredValuesAreRefused() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        for day in 0..<2 {
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + Int64(day) * 86_400_000, offset: 5, correct: true))
        }
        // Two of them would sum to infinity in a mean.
        try await store.pool.write { db in try db.execute(sql: "UPDATE pitchComparison SET centOffset = 1e308") }
        let message = "\(directory.databasePath): table pitchComparison, row id 1, column centOffset: "
            + "1e+308 c is beyond what a trial records (at most 1200 c either way)"
        let reading = #expect(throws: StoreError.self) { try store.comparisons() }
        #expect((reading.map { "\($0)" } ?? "") == message)
        let profiling = #expect(throws: StoreError.self) { try store.loadProfile() }
        #expect((profiling.map { "\($0)" } ?? "") == message)
        let peach = try PeachExecutable()
        for arguments in [["profile"], ["profile", "--json"], ["export"]] {
            let outcome = try await peach.run(arguments + ["--data-dir", directory.url.path], in: directory)
            #expect(outcome.status == 1, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments)")
        }
    }

    @Test("reset deletes every record and the rebuilt profile is at cold start")
    func resetDeletesEverything() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1, initial: 5, error: 1))
        #expect(try store.loadProfile().mean(for: .unisonComparison) == 5)
        try await store.resetAllTrainingData()
        #expect(try store.counts() == (0, 0))
        let profile = try TrainingStore(location: directory.location).loadProfile()
        #expect(TrainingDiscipline.allCases.allSatisfy { profile.statistics(for: $0) == nil })
    }
}
