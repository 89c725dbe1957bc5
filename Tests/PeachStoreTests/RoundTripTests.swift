import Foundation
import PeachCore
import Testing
@testable import PeachStore

@Suite("Export → import round trip", .timeLimit(.minutes(1)))
struct RoundTripTests {
    private func storeWithHistory(_ directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons { try await store.save(record) }
        for record in history.matchings { try await store.save(record) }
        return store
    }

    @Test("records → export → import into an empty store: identical records, identical file byte for byte")
    func roundTrip() async throws {
        let source = try TemporaryStoreDirectory()
        let target = try TemporaryStoreDirectory()
        defer { source.remove(); target.remove() }
        let original = try await storeWithHistory(source)
        let exported = try original.exportCSV()

        let parsed = try PeachCSVParser.parse(data: Data(exported.utf8), path: "export.csv")
        #expect(parsed.invalidRows.isEmpty)
        let copy = try TrainingStore(location: target.location)
        let summary = try copy.importRecords(parsed, mode: .merge)
        let history = RecordFixtures.history()
        #expect(summary == ImportSummary(comparisonsImported: history.comparisons.count, matchingsImported: history.matchings.count))

        #expect(try copy.comparisons().map(\.record) == original.comparisons().map(\.record))
        #expect(try copy.matchings().map(\.record) == original.matchings().map(\.record))
        #expect(Set(try copy.comparisons().map(\.record)) == Set(history.comparisons))
        let reexported = try copy.exportCSV()
        #expect(Array(reexported.utf8) == Array(exported.utf8))
    }

    @Test("the export is format 1: metadata line, header, rows in timestamp order, LF line ends")
    func exportLayout() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        // Stored out of order on purpose.
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1 + 2000, reference: 57, interval: .perfectFourth,
                                                     up: false, initial: 15, error: -2.75))
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 1250, reference: 69, offset: 3, correct: false))
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, reference: 60, interval: .perfectFifth,
                                                       tuning: .justIntonation, offset: -12.5, correct: true))
        #expect(try store.exportCSV() == """
            # peach-export-format:1
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError
            pitchDiscrimination,2026-03-01T00:00:00.000Z,60,C4,67,G4,P5,justIntonation,-12.5,true,,
            pitchDiscrimination,2026-03-01T00:00:01.250Z,69,A4,69,A4,P1,equalTemperament,3.0,false,,
            pitchMatching,2026-03-01T00:00:02.000Z,57,A3,52,E3,P4,equalTemperament,,,15.0,-2.75

            """)
    }

    @Test("the command line round trip: peach export FILE, peach import FILE, peach export again")
    func commandLineRoundTrip() async throws {
        let source = try TemporaryStoreDirectory()
        let target = try TemporaryStoreDirectory()
        defer { source.remove(); target.remove() }
        _ = try await storeWithHistory(source)
        let peach = try PeachExecutable()
        let first = source.path("first.csv")
        #expect(try await peach.run(["export", first, "--data-dir", source.url.path], in: source).status == 0)
        let imported = try await peach.run(["import", first, "--data-dir", target.url.path], in: target)
        #expect(imported.status == 0)
        let history = RecordFixtures.history()
        #expect(imported.stdout.contains("pitch comparison: \(history.comparisons.count) imported, 0 skipped"))
        #expect(imported.stdout.contains("pitch matching: \(history.matchings.count) imported, 0 skipped"))
        let toStdout = try await peach.run(["export", "--data-dir", target.url.path], in: target)
        #expect(toStdout.status == 0)
        #expect(Array(toStdout.stdout.utf8) == Array(try Data(contentsOf: URL(fileURLWithPath: first))))
        // Importing the same file again adds nothing.
        let again = try await peach.run(["import", first, "--data-dir", target.url.path], in: target)
        #expect(again.stdout.contains("pitch comparison: 0 imported, \(history.comparisons.count) skipped"))
    }
}
