import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Export → import round trip", .timeLimit(.minutes(Patience.minutes(1))))
struct RoundTripTests {
    private func storeWithHistory(_ directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons { try await store.save(record) }
        for record in history.matchings { try await store.save(record) }
        return store
    }

    /// What a record is once it went through a file: its time in whole seconds.
    private func throughFile(_ record: PitchComparisonRecord) -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: wholeSecond(record.timestamp), referenceNote: record.referenceNote,
                              targetNote: record.targetNote, interval: record.interval, tuningSystem: record.tuningSystem,
                              centOffset: record.centOffset, isCorrect: record.isCorrect)
    }

    private func throughFile(_ record: PitchMatchingRecord) -> PitchMatchingRecord {
        PitchMatchingRecord(timestamp: wholeSecond(record.timestamp), referenceNote: record.referenceNote,
                            targetNote: record.targetNote, interval: record.interval, tuningSystem: record.tuningSystem,
                            initialCentOffset: record.initialCentOffset, userCentError: record.userCentError)
    }

    private func wholeSecond(_ date: Date) -> Date {
        RecordTimestamp.date(milliseconds: RecordTimestamp.milliseconds(of: date) / 1000 * 1000)
    }

    @Test("records → export → import into an empty store: the same records to the second, the file byte for byte")
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

        #expect(try copy.comparisons().map(\.record) == original.comparisons().map { throughFile($0.record) })
        #expect(try copy.matchings().map(\.record) == original.matchings().map { throughFile($0.record) })
        #expect(Set(try copy.comparisons().map(\.record)) == Set(history.comparisons.map(throughFile)))
        let reexported = try copy.exportCSV()
        #expect(Array(reexported.utf8) == Array(exported.utf8))
    }

    @Test("the export is format 1 as the iOS app writes it: metadata line, header, rows in timestamp order, whole UTC seconds, LF between lines, none after the last")
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
            pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,67,G4,P5,justIntonation,-12.5,true,,
            pitchDiscrimination,2026-03-01T00:00:01Z,69,A4,69,A4,P1,equalTemperament,3.0,false,,
            pitchMatching,2026-03-01T00:00:02Z,57,A3,52,E3,P4,equalTemperament,,,15.0,-2.75
            """)
    }

    @Test("an empty store exports the format line, a line feed and the header, nothing more (as the iOS app)")
    func emptyExport() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        #expect(try TrainingStore(location: directory.location).exportCSV()
                == PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header)
    }

    /// As the iOS app's exporter writes it: whole seconds, both types mixed, no line feed at the end.
    static let iOSFile = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n" + """
        pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,60,C4,P1,equalTemperament,25.0,true,,
        pitchMatching,2026-03-03T14:30:04Z,62,D4,69,A4,P5,equalTemperament,,,-12.25,3.5
        pitchDiscrimination,2026-03-03T14:30:09Z,64,E4,60,C4,M3,justIntonation,-7.5,false,,
        pitchMatching,2026-03-03T14:30:09Z,64,E4,64,E4,P1,equalTemperament,,,8.0,-0.75
        """

    @Test("a file written by the iOS app survives import → export byte for byte")
    func iOSFileRoundTrip() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let parsed = try PeachCSVParser.parse(data: Data(Self.iOSFile.utf8), path: "ios.csv")
        #expect(parsed.invalidRows.isEmpty, "\(parsed.invalidRows)")
        _ = try store.importRecords(parsed, mode: .merge)
        #expect(Array(try store.exportCSV().utf8) == Array(Self.iOSFile.utf8))
    }

    @Test("a record stored at .999 s, exported, re-exported by the iOS app and merged back is not stored twice")
    func wholeSecondsDoNotDuplicate() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 999, reference: 60, offset: 5, correct: true))
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1 + 5_001, reference: 62, initial: 3, error: 1))
        let exported = try store.exportCSV()
        #expect(exported.contains("2026-03-01T00:00:00Z") && exported.contains("2026-03-01T00:00:05Z"))
        // The iOS app writes its records' times truncated to the second too: the same file.
        let summary = try store.importRecords(try PeachCSVParser.parse(data: Data(exported.utf8), path: "back.csv"), mode: .merge)
        #expect(summary == ImportSummary(comparisonsSkipped: 1, matchingsSkipped: 1))
        #expect(try store.counts() == (1, 1))
        // Inside one file too: the same second, notes and type twice is one record.
        let twice = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n" + """
            pitchDiscrimination,2026-03-05T10:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,
            pitchDiscrimination,2026-03-05T10:00:00.5Z,60,C4,60,C4,P1,equalTemperament,4.0,false,,
            """
        let inFile = try store.importRecords(try PeachCSVParser.parse(data: Data(twice.utf8), path: "twice.csv"), mode: .merge)
        #expect(inFile == ImportSummary(comparisonsImported: 1, comparisonsSkipped: 1))
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
