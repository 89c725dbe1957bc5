import Foundation
import Testing
@testable import PeachCore
@testable import PeachStore

/// Imported rhythm rows keep the tempo they were made at (the iOS app trains at 40…200 BPM),
/// and an offset no trial at that tempo could have recorded is refused.
@Suite("Recorded tempos and offsets on import")
struct RecordedTempoImportTests {
    static let formatTwo = PeachExportFormat.metadataLine(version: 2) + "\n" + PeachExportFormat.header(version: 2) + "\n"

    static let slowRows = formatTwo + """
        rhythmOffsetDetection,2026-03-01T00:00:00Z,,,,,,,,true,,,40,-12.5,
        rhythmMatching,2026-03-01T00:00:01Z,,,,,,,,,,,45,,30.0
        rhythmMatching,2026-03-01T00:00:02Z,,,,,,,,,,,59,,-2.0
        """

    private func importFile(_ text: String, skipInvalid: Bool, into store: TrainingStore,
                            _ directory: TemporaryStoreDirectory) throws -> ImportOutcome {
        var rows = try ImportReader(source: try ImportSource(path: try directory.write(text, to: "import.csv")))
        return try store.importRows(&rows, mode: .merge, skipInvalid: skipInvalid)
    }

    @Test("rows at 40…59 BPM are imported, plainly and with --skip-invalid, and read back", arguments: [false, true])
    func slowTempos(skipInvalid: Bool) throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let outcome = try importFile(Self.slowRows, skipInvalid: skipInvalid, into: store, directory)
        #expect(outcome.summary.rhythmDetectionsImported == 1 && outcome.summary.rhythmMatchingsImported == 2)
        #expect(outcome.summary.invalidRowsSkipped == 0 && outcome.skippedProblems.isEmpty)
        #expect(try store.rhythmDetections().map(\.record.tempo.value) == [40])
        #expect(try store.rhythmMatchings().map(\.record.tempo.value) == [45, 59])
        _ = try store.loadProfile()
        #expect(try PeachCSVParser.parse(Self.slowRows).invalidRows.isEmpty)
    }

    @Test("a tempo of zero is still refused, naming the row and column")
    func zeroTempo() throws {
        let parsed = try PeachCSVParser.parse(Self.formatTwo + "rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,0,,1.0")
        #expect(parsed.invalidRows.map(\.description)
                == ["row 3, column tempoBPM: value \"0\" — a tempo must be a positive number of beats per minute"])
    }

    @Test("training keeps its own tempo range while records take any positive tempo")
    func trainingRangeStays() throws {
        #expect(throws: DomainValueError.self) { try TempoBPM(40) }
        #expect(try TempoBPM(recorded: 40).sixteenthMilliseconds == 375)
        #expect(throws: DomainValueError.self) { try TempoBPM(recorded: 0) }
    }

    static let beyondHalf = formatTwo + """
        rhythmMatching,2026-03-01T00:00:00Z,,,,,,,,,,,80,,93.75
        rhythmMatching,2026-03-01T00:00:01Z,,,,,,,,,,,80,,-93.8
        rhythmOffsetDetection,2026-03-01T00:00:02Z,,,,,,,,true,,,120,63.0,
        rhythmOffsetDetection,2026-03-01T00:00:03Z,,,,,,,,false,,,40,-187.5,
        """

    @Test("an offset beyond half a sixteenth at the row's tempo is refused with row, column and reason")
    func offsetBeyondHalfASixteenth() throws {
        let parsed = try PeachCSVParser.parse(Self.beyondHalf)
        #expect(parsed.invalidRows.map(\.description) == [
            "row 4, column userOffsetMs: value \"-93.8\" — beyond what a trial records: at most 93.75 ms either way at 80 BPM (half a sixteenth)",
            "row 5, column offsetMs: value \"63.0\" — beyond what a trial records: at most 62.5 ms either way at 120 BPM (half a sixteenth)",
        ])
        #expect(parsed.rhythmMatchings.count == 1 && parsed.rhythmDetections.count == 1, "exactly half a sixteenth is recordable")
    }

    @Test("--skip-invalid skips the rows with offsets beyond a trial and keeps the rest")
    func offsetBeyondHalfASixteenthSkipped() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        #expect(throws: ImportError.self) { try importFile(Self.beyondHalf, skipInvalid: false, into: store, directory) }
        #expect(try store.rhythmCounts() == (0, 0))
        let outcome = try importFile(Self.beyondHalf, skipInvalid: true, into: store, directory)
        #expect(outcome.summary.invalidRowsSkipped == 2)
        #expect(try store.rhythmCounts() == (1, 1))
    }

    @Test("a trial's own extremes are within what it records, at every training tempo")
    func sessionExtremesAreRecordable() throws {
        for value in TempoBPM.range {
            let tempo = try TempoBPM(value)
            let widest = try RhythmOffset(percentOfSixteenth: -RhythmKazezStrategy.maximum, at: tempo)
            #expect(widest.isWithinTrial(at: tempo))
            let start = RhythmInstant(nanoseconds: 0)
            let edge = RhythmOffset(from: start, to: start.advanced(by: tempo.sixteenth / 2))
            #expect(edge.isWithinTrial(at: tempo), "\(value) BPM")
        }
    }
}
