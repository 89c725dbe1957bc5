import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Rhythm records in export format 2", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmExchangeTests {
    static let formatTwo = PeachExportFormat.metadataLine(version: 2) + "\n" + PeachExportFormat.header(version: 2) + "\n"

    @Test("format 2 adds tempoBPM, offsetMs and userOffsetMs; each row leaves the other kinds' columns empty")
    func formatTwoText() {
        let records = ExportedRecords(
            comparisons: [RecordFixtures.comparison(at: RecordFixtures.march1, offset: 12.5, correct: true)],
            rhythmDetections: [RhythmFixtures.detection(at: RecordFixtures.march1 + 1000, tempo: 90, offset: -7.25, correct: false)],
            rhythmMatchings: [RhythmFixtures.matching(at: RecordFixtures.march1 + 2999, tempo: 120, offset: 3)])
        #expect(PeachCSVExporter.export(records) == Self.formatTwo + """
            pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,
            rhythmOffsetDetection,2026-03-01T00:00:01Z,,,,,,,,false,,,90,-7.25,
            rhythmMatching,2026-03-01T00:00:02Z,,,,,,,,,,,120,,3.0
            """)
        #expect(PeachExportFormat.header(version: 2).hasSuffix(",userCentError,tempoBPM,offsetMs,userOffsetMs"))
    }

    @Test("format 1 stays exactly what the iOS app reads: the rhythm records are left out, nothing else changes")
    func formatOneIsUnchanged() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons { try await store.save(record) }
        for record in history.matchings { try await store.save(record) }
        let pitchOnly = try store.exportCSV()
        #expect(pitchOnly.hasPrefix(PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"),
                "no rhythm records: format 1")
        try await store.save(RhythmFixtures.matching(at: RecordFixtures.march1, offset: -4))
        #expect(try store.exportCSV(version: 1) == pitchOnly)
        #expect(try store.exportCSV() .hasPrefix(Self.formatTwo), "with rhythm records: format 2")
    }

    @Test("store → format 2 → another store gives the same records; importing it again skips every one")
    func roundTripAndMerge() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let original = try TrainingStore(location: StoreLocation(directory: directory.url.appendingPathComponent("a")))
        // Whole seconds throughout: an export keeps no more, so the copy exports the same text.
        let comparison = RecordFixtures.comparison(at: RecordFixtures.march1 + 2000, offset: -3.5, correct: true)
        let rhythm = RhythmFixtures.history()
        try await original.save(comparison)
        for record in rhythm.detections { try await original.save(record) }
        for record in rhythm.matchings { try await original.save(record) }
        let exported = try original.exportCSV()

        let copy = try TrainingStore(location: StoreLocation(directory: directory.url.appendingPathComponent("b")))
        let parsed = try PeachCSVParser.parse(data: Data(exported.utf8), path: "export.csv")
        #expect(parsed.invalidRows.isEmpty)
        let summary = try copy.importRecords(parsed, mode: .merge)
        #expect(summary.rhythmDetectionsImported == rhythm.detections.count)
        #expect(summary.rhythmMatchingsImported == rhythm.matchings.count)
        #expect(summary.comparisonsImported == 1)
        #expect(try copy.rhythmDetections().map(\.record) == rhythm.detections)
        #expect(try copy.rhythmMatchings().map(\.record) == rhythm.matchings)
        #expect(try copy.exportCSV() == exported)

        let again = try copy.importRecords(try PeachCSVParser.parse(exported), mode: .merge)
        #expect(again.rhythmDetectionsImported == 0 && again.rhythmMatchingsImported == 0)
        #expect(again.rhythmDetectionsSkipped == rhythm.detections.count)
        #expect(again.rhythmMatchingsSkipped == rhythm.matchings.count)
        #expect(again.description.contains("rhythm matching: 0 imported, \(rhythm.matchings.count) skipped (already stored)"))
    }

    @Test("the merge key is the second, the tempo and the type: another tempo or type in the same second is new")
    func mergeKey() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RhythmFixtures.matching(at: RecordFixtures.march1 + 250, tempo: 80, offset: 1))
        let file = Self.formatTwo + """
            rhythmMatching,2026-03-01T00:00:00.900Z,,,,,,,,,,,80,,-2.0
            rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,81,,-2.0
            rhythmOffsetDetection,2026-03-01T00:00:00Z,,,,,,,,true,,,80,5.0,
            rhythmOffsetDetection,2026-03-01T00:00:00Z,,,,,,,,false,,,80,-5.0,
            """
        let summary = try store.importRecords(try PeachCSVParser.parse(file), mode: .merge)
        #expect(summary.rhythmMatchingsSkipped == 1, "same second, tempo and type as the stored one")
        #expect(summary.rhythmMatchingsImported == 1, "another tempo")
        #expect(summary.rhythmDetectionsImported == 1 && summary.rhythmDetectionsSkipped == 1,
                "another type is new; its twin later in the file is a duplicate")
    }

    @Test("damaged rhythm rows are refused, each problem naming its row and column", arguments: [
        ("rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,-30,,1.0", "row 3, column tempoBPM: value \"-30\" — not a whole number of beats per minute"),
        ("rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,80,,soon", "row 3, column userOffsetMs: value \"soon\" — not a decimal number of milliseconds like -7.5"),
        ("rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,80,,", "row 3, column userOffsetMs: value \"\" — required in a rhythmMatching row"),
        ("rhythmOffsetDetection,2026-03-01T00:00:00Z,,,,,,,,yes,,,80,5.0,", "row 3, column isCorrect: value \"yes\" — expected true or false"),
        ("rhythmOffsetDetection,2026-03-01T00:00:00Z,,,,,,,,true,,,80,5.0,3.0", "row 3, column userOffsetMs: value \"3.0\" — must be empty in a rhythmOffsetDetection row"),
        ("rhythmMatching,2026-03-01T00:00:00Z,60,C4,,,,,,,,,80,,1.0", "row 3, column referenceNote: value \"60\" — must be empty in a rhythmMatching row"),
        ("rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,80,,-1500.0", "row 3, column userOffsetMs: value \"-1500.0\" — beyond what a trial records: at most 93.75 ms either way at 80 BPM (half a sixteenth)"),
        ("pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,12.5,true,,,80,,", "row 3, column tempoBPM: value \"80\" — must be empty in a pitchDiscrimination row"),
    ])
    func damagedRows(row: String, problem: String) throws {
        let parsed = try PeachCSVParser.parse(Self.formatTwo + row)
        #expect(parsed.invalidRows.map(\.description).contains(problem), "\(parsed.invalidRows)")
        #expect(parsed.rhythmDetections.isEmpty && parsed.rhythmMatchings.isEmpty && parsed.comparisons.isEmpty)
    }

    @Test("a rhythm row in a format 1 file, a format 2 file with format 1's header, and format 3 are refused")
    func formatMismatches() {
        let formatOne = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"
        let inOne = try? PeachCSVParser.parse(formatOne + "rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,")
        #expect(inOne?.invalidRows.map(\.description)
                == ["row 3, column trainingType: value \"rhythmMatching\" — rhythm records need format 2; this file is format 1"])
        #expect(throws: ImportError.badHeader(["column 13: tempoBPM is missing", "column 14: offsetMs is missing",
                                               "column 15: userOffsetMs is missing"], version: 2)) {
            try PeachCSVParser.parse(PeachExportFormat.metadataLine(version: 2) + "\n" + PeachExportFormat.header + "\n")
        }
        let future = #expect(throws: ImportError.self) { try PeachCSVParser.parse("# peach-export-format:3\nx\n") }
        #expect(future?.description == "this file is Peach export format 3; this peach reads formats 1 and 2")
    }
}
