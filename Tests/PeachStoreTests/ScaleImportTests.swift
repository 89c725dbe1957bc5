import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// Issue 30: import and export streamed through the store, checked as a user runs them.
@Suite("Import and export at scale: streamed, all or nothing, byte for byte", .timeLimit(.minutes(Patience.minutes(5))))
struct ScaleImportTests {
    /// An iOS-style export of `rows` records (format 1, or 2 with rhythm rows): sessions of
    /// trials a few seconds apart, both pitch types, ties within a second, notes across the range.
    static func export(rows: Int, rhythm: Bool = false) -> String {
        let version = rhythm ? PeachExportFormat.rhythmVersion : PeachExportFormat.version
        var lines = [PeachExportFormat.metadataLine(version: version), PeachExportFormat.header(version: version)]
        let pad = rhythm ? ",,," : ""
        let intervals = Interval.allCases
        // Fixed, varied values: the same file in every run.
        func vary(_ salt: Int, below bound: Int, _ index: Int) -> Int { (((index &* 2_654_435_761 &+ salt &* 40_503) >> 7) & 0xFFFF_FFFF) % bound }
        var seconds: Int64 = 1_772_323_200
        for index in 0..<rows {
            seconds += index % 97 == 0 ? 7200 : 1 + Int64(vary(1, below: 3, index))
            let time = RecordTimestamp.text(milliseconds: seconds * 1000, precision: .seconds)
            if rhythm, index % 10 == 9 {
                lines.append(index % 20 == 9 ? "rhythmOffsetDetection,\(time),,,,,,,,true,,,120,-7.5,"
                                             : "rhythmMatching,\(time),,,,,,,,,,,90,,12.25")
                continue
            }
            let interval = intervals[vary(2, below: intervals.count, index)]
            let reference = try! MIDINote(36 + vary(3, below: 60, index))
            let target = try! MIDINote(reference.rawValue + interval.semitones)
            let tuning = vary(4, below: 4, index) == 0 ? "justIntonation" : "equalTemperament"
            let common = "\(time),\(reference.rawValue),\(reference.name),\(target.rawValue),\(target.name),\(interval.abbreviation),\(tuning)"
            let cents = DecimalText.format(Double(vary(5, below: 20_000, index)) / 128 - 78)
            if index % 3 == 2 {
                lines.append("pitchMatching,\(common),,,\(cents),\(DecimalText.format(Double(vary(6, below: 400, index)) / 16 - 12.5))\(pad)")
            } else {
                lines.append("pitchDiscrimination,\(common),\(cents),\(vary(7, below: 4, index) == 0 ? "false" : "true"),,\(pad)")
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test("peach import, then peach export: the same file byte for byte (formats 1 and 2); importing again skips every row",
          arguments: [false, true])
    func commandLineRoundTrip(rhythm: Bool) async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        let text = Self.export(rows: 5_000, rhythm: rhythm)
        let file = try directory.write(text, to: "ios.csv")
        let imported = try await peach.run(["import", file] + dataDir, in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty, "no progress line when standard error is not a terminal: \(imported.stderr)")
        let exported = try await peach.run(["export"] + dataDir, in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == text, "the first difference at byte \(zip(exported.stdout.utf8, text.utf8).prefix { $0 == $1 }.count)")
        let again = try await peach.run(["import", file] + dataDir, in: directory)
        #expect(again.stdout.contains("pitch comparison: 0 imported"), "\(again.stdout)")
        #expect(again.stdout.contains("pitch matching: 0 imported"), "\(again.stdout)")
        let exportedAgain = try await peach.run(["export"] + dataDir, in: directory)
        #expect(exportedAgain.stdout == exported.stdout)
    }

    @Test("peach export FILE streams into the file: the same bytes as stdout; a device that is full is an error naming it")
    func exportToFile() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        let text = Self.export(rows: 3_000, rhythm: true)
        #expect(try await peach.run(["import", try directory.write(text, to: "in.csv")] + dataDir, in: directory).status == 0)
        let out = directory.path("out.csv")
        let written = try await peach.run(["export", out] + dataDir, in: directory)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
        let full = try await peach.run(["export", "/dev/full"] + dataDir, in: directory)
        #expect(full.status == 1)
        #expect(full.stderr.contains("/dev/full") && full.stderr.contains("No space left on device"), "\(full.stderr)")
    }

    @Test("a corrupt row in the middle of a 20 000-row file: nothing stored, the row's line named; --skip-invalid stores the rest")
    func corruptRowInTheMiddle() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        var lines = Self.export(rows: 20_000).components(separatedBy: "\n")
        lines[10_002] = lines[10_002].replacingOccurrences(of: ":", with: ".")   // line 10 003: no ISO 8601 timestamp
        let file = try directory.write(lines.joined(separator: "\n"), to: "corrupt.csv")
        let refused = try await peach.run(["import", file] + dataDir, in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("1 invalid row; nothing was imported"), "\(refused.stderr)")
        #expect(refused.stderr.contains("row 10003, column timestamp"), "\(refused.stderr)")
        #expect(try TrainingStore(location: directory.location).counts() == (0, 0))

        let skipping = try await peach.run(["import", file, "--skip-invalid"] + dataDir, in: directory)
        #expect(skipping.status == 0, "\(skipping.stderr)")
        #expect(skipping.stderr.contains("skipping 1 invalid row (1 problem):"), "\(skipping.stderr)")
        #expect(skipping.stdout.contains("invalid rows skipped: 1"))
        let counts = try TrainingStore(location: directory.location).counts()
        #expect(counts.comparisons + counts.matchings == 19_999)
    }

    @Test("the rows are the same whatever the chunks the file arrives in (quotes, CRLF and a byte order mark split anywhere)")
    func chunkBoundaries() throws {
        let text = "\u{FEFF}a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",x,\r\n\nlast,é,\"\"\r\nx\r,y"
        let whole = try CSVReader.records(in: String(text.dropFirst())).get()
        #expect(whole.count == 5)
        for size in 1...9 {
            let bytes = Array(text.utf8)
            var offset = 0
            var reader = CSVReader(chunkSize: size) { buffer in
                let count = min(buffer.count, bytes.count - offset)
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
                offset += count
                return count
            }
            var records: [CSVReader.Record] = []
            while let record = try reader.next() { records.append(record) }
            // A byte order mark split over the first chunks stays text (only chunks of 3 or more drop it).
            if size >= 3 { #expect(records == whole, "chunks of \(size)") } else { #expect(records.dropFirst() == whole.dropFirst()) }
        }
    }

    @Test("a field that is not UTF-8 is refused by the file's name, wherever it is")
    func notUTF8Late() {
        var data = Data((ImportTests.header + "pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,true,,\n").utf8)
        data += Data("pitchDiscrimination,2026-03-01T09:00:01Z,60,C4,60,C4,P1,equalTemperament,1.0,true,".utf8) + Data([0xC3, 0x28])
        #expect(throws: ImportError.notUTF8(path: "late.csv")) { try PeachCSVParser.parse(data: data, path: "late.csv") }
    }

    @Test("the streamed export equals the exporter's sort: a comparison, a matching and rhythm records in one millisecond")
    func streamedExportOrder() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let at = RecordFixtures.march1 + 500
        try await store.save(RhythmMatchingRecord(timestamp: RecordFixtures.date(at), tempo: try TempoBPM(90),
                                                  userOffset: try RhythmOffset(milliseconds: 3)))
        try await store.save(RecordFixtures.matching(at: at, reference: 62, initial: 3, error: 1))
        try await store.save(RhythmOffsetDetectionRecord(timestamp: RecordFixtures.date(at), tempo: try TempoBPM(120),
                                                         offset: try RhythmOffset(milliseconds: -4), isCorrect: true))
        try await store.save(RecordFixtures.comparison(at: at, reference: 64, offset: 5, correct: true))
        try await store.save(RecordFixtures.comparison(at: at - 1, reference: 65, offset: -5, correct: false))
        try await store.save(RecordFixtures.comparison(at: at, reference: 60, offset: 2, correct: true))
        for version in [nil, 1, 2] {
            #expect(try store.exportCSV(version: version) == PeachCSVExporter.export(try store.exportedRecords(), version: version))
        }
    }
}
