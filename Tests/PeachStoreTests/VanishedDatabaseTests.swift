import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// The database file deleted, or another put in its place, while a session records into it:
/// the next save says so, and the records the open file still holds are copied out.
@Suite("A database deleted or replaced during a session", .timeLimit(.minutes(Patience.minutes(1))))
struct VanishedDatabaseTests {
    private let first = RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true)
    private let second = RecordFixtures.matching(at: RecordFixtures.march1 + 1000, initial: 5, error: 1)

    @Test("deleted: the next save fails naming the file, and every record, that trial included, is back at its path")
    func deletedDuringSession() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(first)
        #expect(unlink(directory.databasePath) == 0)
        let error = await #expect(throws: StoreError.self) { try await store.save(second) }
        #expect((error.map { "\($0)" } ?? "") == "\(directory.databasePath) was deleted while peach was using it. "
                + "Its records, this pitch matching trial included, were saved to \(directory.databasePath). "
                + "Training stopped; start it again to go on.")
        // The store is closed: nothing more goes into the vanished file.
        await #expect(throws: StoreError.self) { try await store.save(first) }
        let reopened = try TrainingStore(location: directory.location)
        #expect(try reopened.comparisons().map(\.record) == [first])
        #expect(try reopened.matchings().map(\.record) == [second])
        let mode = try FileManager.default.attributesOfItem(atPath: directory.databasePath)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix(".peach-rescue") }.isEmpty)
    }

    @Test("the whole data folder deleted: it is made again and the records are saved into it")
    func folderDeletedDuringSession() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.url.appendingPathComponent("data"))
        let store = try TrainingStore(location: location)
        try await store.save(first)
        try FileManager.default.removeItem(at: location.directory)
        await #expect(throws: StoreError.self) { try await store.save(second) }
        #expect(try TrainingStore(location: location).counts() == (1, 1))
    }

    @Test("replaced: the new file is not touched and the records are saved beside it, under a name the error gives")
    func replacedDuringSession() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(first)
        let replacement = try directory.write("someone else's file\n", to: "replacement")
        #expect(rename(replacement, directory.databasePath) == 0)
        let error = await #expect(throws: StoreError.self) { try await store.save(second) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("\(directory.databasePath) was replaced by another file while peach was using it. "
                                  + "The records of the file peach had open, this pitch matching trial included, were saved to "))
        #expect(message.hasSuffix("; the new \(directory.databasePath) was not touched. Training stopped; start it again to go on."))
        #expect(try String(contentsOfFile: directory.databasePath, encoding: .utf8) == "someone else's file\n")
        let rescued = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .first { $0.hasPrefix("peach-rescued-") && $0.hasSuffix(".sqlite") })
        #expect(message.contains(directory.path(rescued)))
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: directory.path(rescued), configuration: configuration)
        defer { try? queue.close() }
        let count = try await queue.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM pitchComparison) + (SELECT COUNT(*) FROM pitchMatching)")
        }
        #expect(count == 2)
    }
}
