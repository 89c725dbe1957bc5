import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// A merge decides most duplicates without the table (`ImportDuplicateFrontier`); these check that
/// it finds every one the table would, whatever the order of the file and the store.
@Suite("Import: duplicates found without a lookup per row", .timeLimit(.minutes(Patience.minutes(1))))
struct ImportDuplicateFrontierTests {
    static let header = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"

    static func comparison(_ time: String, _ note: Int = 60) -> String {
        let name = try! MIDINote(note).name
        return "pitchComparison,2026-03-01T00:00:\(time)Z,\(note),\(name),\(note),\(name),P1,equalTemperament,2.0,true,,"
    }

    @Test("into an empty store: duplicates in one second, and again after the file went back in time")
    func emptyStoreOutOfOrder() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let rows = [
            Self.comparison("05.000"), Self.comparison("05.400", 62), Self.comparison("05.900"),   // dup of the first
            Self.comparison("03.000"), Self.comparison("03.500"),                                 // dup, older second
            Self.comparison("05.100", 62),                                                        // dup, back at the newest
            Self.comparison("07.000"), Self.comparison("07.000"),                                 // dup in a new second
            Self.comparison("06.000"),                                                            // new, older second
        ]
        let summary = try store.importRecords(try PeachCSVParser.parse(Self.header + rows.joined(separator: "\n") + "\n"),
                                              mode: .merge)
        #expect(summary == ImportSummary(comparisonsImported: 5, comparisonsSkipped: 4))
        #expect(try store.counts() == (5, 0))
    }

    @Test("into a store with records: its newest second, older seconds and newer ones")
    func storedRecords() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 2_000, reference: 60, offset: 1, correct: true))
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 4_250, reference: 60, offset: 1, correct: true))
        let rows = [
            Self.comparison("04.999"),          // the stored newest second: dup
            Self.comparison("04.000", 62),      // the stored newest second: new
            Self.comparison("04.500", 62),      // dup of the row before
            Self.comparison("02.000"),          // an older stored second: dup
            Self.comparison("09.000"),          // newer: new
            Self.comparison("09.999"),          // dup of the row before
        ]
        let summary = try store.importRecords(try PeachCSVParser.parse(Self.header + rows.joined(separator: "\n") + "\n"),
                                              mode: .merge)
        #expect(summary == ImportSummary(comparisonsImported: 2, comparisonsSkipped: 4))
        #expect(try store.counts() == (4, 0))
    }

    @Test("the frontier answers from the keys it saw only when it saw every row of that second")
    func frontierDecisions() {
        let key: [DatabaseValue] = [60.databaseValue, 60.databaseValue]
        let other: [DatabaseValue] = [62.databaseValue, 62.databaseValue]
        var empty = ImportDuplicateFrontier(newestStored: nil)
        #expect(empty.check(second: 5_000, key: key) == .new)
        empty.inserted(second: 5_000, key: key)
        #expect(empty.check(second: 5_000, key: key) == .duplicate)
        #expect(empty.check(second: 5_000, key: other) == .new)
        #expect(empty.check(second: 4_000, key: other) == .lookUp)
        #expect(empty.check(second: 6_000, key: key) == .new)

        var stored = ImportDuplicateFrontier(newestStored: 5_250)
        #expect(stored.check(second: 5_000, key: key) == .lookUp)
        #expect(stored.check(second: 6_000, key: key) == .new)
        stored.inserted(second: 5_000, key: other)
        #expect(stored.check(second: 5_000, key: other) == .lookUp)
        #expect(ImportDuplicateFrontier.secondStart(-1) == -1_000)
        #expect(ImportDuplicateFrontier.secondStart(5_999) == 5_000)
    }
}
