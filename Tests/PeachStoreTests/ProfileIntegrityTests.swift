import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
import PeachReport

/// Issue 30: `peach profile` reads from the tally kept today through a read-only store opened
/// without the whole file's quick_check (`IntegrityCheck.whatIsRead`), whose cost follows the
/// file's size. It gives the report a checked store gives, reads only what it needs, refuses a
/// damaged page it comes to with the file named, and never writes.
@Suite("peach profile from the kept tally, without the whole file's check", .timeLimit(.minutes(Patience.minutes(2))))
struct ProfileIntegrityTests {
    static let now = RecordFixtures.date(RecordFixtures.march1)

    /// A store of several pages per table, closed (its WAL checkpointed into the file), with
    /// today's tally kept; every trial is after the kept tally's cutoff, so the report reads them.
    static func storeWithKeptTally(_ directory: TemporaryStoreDirectory) async throws -> String {
        let store = try TrainingStore(location: directory.location)
        for index in 0..<400 {
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 - 86_400_000 + Int64(index) * 1000,
                                                           offset: Double(index % 40), correct: index % 4 != 0))
        }
        return ProfileJSON.render(try store.profileReport(now: now, history: false))
    }

    @Test("today's kept tally: the report a checked store gives; nil before one is kept and on a later day")
    func keptReport() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        do {
            let store = try TrainingStore(location: directory.location)
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 - 3_600_000, offset: 5, correct: true))
        }
        #expect(try TrainingStore(location: directory.location, mode: .readOnly, check: .whatIsRead)
            .keptProfileReport(now: Self.now) == nil, "nothing kept yet")
        let checked = try await Self.storeWithKeptTally(directory)
        let unchecked = try TrainingStore(location: directory.location, mode: .readOnly, check: .whatIsRead)
        #expect(try unchecked.keptProfileReport(now: Self.now, history: false).map(ProfileJSON.render) == checked)
        #expect(try unchecked.keptProfileReport(now: Self.now, history: true) == nil, "no tally with the history kept")
        #expect(try unchecked.keptProfileReport(now: Self.now.addingTimeInterval(86_400), history: false) == nil,
                "a later day's report keeps a tally of its own")
    }

    @Test("a damaged page of the rows it reads: refused, naming the file, and the file unchanged")
    func damagedPage() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        _ = try await Self.storeWithKeptTally(directory)
        let page = try {
            let queue = try DatabaseQueue(path: directory.databasePath)
            defer { try? queue.close() }
            return try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'pitchComparison'") ?? 0
            }
        }()
        #expect(page > 1)
        var bytes = try Data(contentsOf: directory.location.databaseURL)
        let pageSize = 4096
        for offset in ((page - 1) * pageSize)..<((page - 1) * pageSize + 200) { bytes[offset] = 0xA5 }
        try bytes.write(to: directory.location.databaseURL)
        let error = #expect(throws: StoreError.self) {
            _ = try TrainingStore(location: directory.location, mode: .readOnly, check: .whatIsRead)
                .keptProfileReport(now: Self.now, history: false)
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(directory.databasePath), "\(message)")
        #expect(message.contains("not a usable training database"), "\(message)")
        #expect(try Data(contentsOf: directory.location.databaseURL) == bytes)
    }
}
