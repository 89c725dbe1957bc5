import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Import: validation, all or nothing, merge and replace", .timeLimit(.minutes(Patience.minutes(1))))
struct ImportTests {
    static let header = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"

    @Test("a hand-written file: both types, quoted fields, the legacy type name, offsets and CRLF")
    func handWrittenFile() throws {
        let text = Self.header.replacingOccurrences(of: "\n", with: "\r\n") + """
            pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,67,G4,P5,justIntonation,-12.5,true,,\r
            "pitchComparison","2026-03-01T10:00:01.25+01:00",69,"A4",69,A4,P1,equalTemperament,"3.0",false,"",""\r
            pitchMatching,2026-03-01T09:00:02.5Z,57,A3,52,E3,P4,equalTemperament,,,"15.0",-2.75\r
            pitchMatching,2026-03-01T09:00:03.000Z,61,Db4,73,C#5,P8,equalTemperament,,,-20,0.125
            """
        let parsed = try PeachCSVParser.parse(text)
        #expect(parsed.invalidRows.isEmpty)
        #expect(parsed.comparisons.map(\.row) == [3, 4])
        #expect(parsed.comparisons.map(\.record) == [
            RecordFixtures.comparison(at: RecordFixtures.march1 + 32_400_000, reference: 60, interval: .perfectFifth,
                                      tuning: .justIntonation, offset: -12.5, correct: true),
            RecordFixtures.comparison(at: RecordFixtures.march1 + 32_401_250, reference: 69, offset: 3, correct: false),
        ])
        #expect(parsed.matchings.map(\.record) == [
            RecordFixtures.matching(at: RecordFixtures.march1 + 32_402_500, reference: 57, interval: .perfectFourth,
                                    up: false, initial: 15, error: -2.75),
            RecordFixtures.matching(at: RecordFixtures.march1 + 32_403_000, reference: 61, interval: .octave,
                                    initial: -20, error: 0.125),
        ])
    }

    /// One row per failure mode, each with the problem it must report.
    static let invalidRows: [(row: String, column: String?, value: String?, reason: String)] = [
        ("pitchGuessing,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,true,,", "trainingType", "pitchGuessing", "unknown training type"),
        ("pitchDiscrimination,yesterday,60,C4,60,C4,P1,equalTemperament,1.0,true,,", "timestamp", "yesterday", "not an ISO 8601 timestamp"),
        ("pitchDiscrimination,2026-02-30T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,true,,", "timestamp", "2026-02-30T09:00:00Z", "no such date"),
        ("pitchDiscrimination,2026-03-01T09:00:00,60,C4,60,C4,P1,equalTemperament,1.0,true,,", "timestamp", "2026-03-01T09:00:00", "no time zone"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,128,G#9,127,G9,P1,equalTemperament,1.0,true,,", "referenceNote", "128", "out of range"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,sixty,C4,60,C4,P1,equalTemperament,1.0,true,,", "referenceNote", "sixty", "not a whole number"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,B4,60,C4,P1,equalTemperament,1.0,true,,", "referenceNoteName", "B4", "names note 71, but referenceNote is 60 (C4)"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,-1,B-2,P1,equalTemperament,1.0,true,,", "targetNote", "-1", "not a whole number"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,H4,P1,equalTemperament,1.0,true,,", "targetNoteName", "H4", "not a note name like C4"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P9,equalTemperament,1.0,true,,", "interval", "P9", "unknown interval"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,67,G4,M3,equalTemperament,1.0,true,,", "interval", "M3", "the notes C4 and G4 are 7 apart"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,pythagorean,1.0,true,,", "tuningSystem", "pythagorean", "unknown tuning system"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,abc,true,,", "centOffset", "abc", "not a decimal number"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,true,,", "centOffset", "", "required in a pitchDiscrimination row"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,nan,true,,", "centOffset", "nan", "not a decimal number"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,yes,,", "isCorrect", "yes", "expected true or false"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,,,", "isCorrect", "", "required in a pitchDiscrimination row"),
        ("pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,true,1.0,", "initialCentOffset", "1.0", "must be empty in a pitchDiscrimination row"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,2.0,,1.0,1.0", "centOffset", "2.0", "must be empty in a pitchMatching row"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,false,1.0,1.0", "isCorrect", "false", "must be empty in a pitchMatching row"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,,1.0,", "userCentError", "", "required in a pitchMatching row"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,,1e999,1.0", "initialCentOffset", "1e999", "not a decimal number"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,,1.0", nil, nil, "11 columns, expected 12"),
        ("pitchMatching,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,,,1.0,1.0,extra", nil, nil, "13 columns, expected 12"),
    ]

    @Test("every kind of invalid row is reported with its row, column, value and reason")
    func invalidRows() throws {
        let valid = "pitchDiscrimination,2026-03-01T08:00:00Z,60,C4,60,C4,P1,equalTemperament,1.0,true,,"
        let text = Self.header + valid + "\n" + Self.invalidRows.map(\.row).joined(separator: "\n") + "\n"
        let parsed = try PeachCSVParser.parse(text)
        #expect(parsed.comparisons.count == 1)
        #expect(parsed.matchings.isEmpty)
        #expect(parsed.invalidRows.count == Self.invalidRows.count, "\(parsed.invalidRows)")
        for (index, expected) in Self.invalidRows.enumerated() {
            let row = index + 4   // line 1 format, 2 header, 3 the valid row
            let errors = parsed.invalidRows.filter { $0.row == row }
            #expect(errors.count == 1, "row \(row): \(errors)")
            guard let error = errors.first else { continue }
            #expect(error.column == expected.column, "row \(row)")
            #expect(error.value == expected.value, "row \(row)")
            #expect(error.reason.contains(expected.reason), "row \(row): \(error.reason)")
        }
        #expect(parsed.invalidRows.first?.description
                == "row 4, column trainingType: value \"pitchGuessing\" — unknown training type (expected pitchDiscrimination, pitchComparison or pitchMatching)")
        #expect(parsed.invalidRows.last?.description == "row \(Self.invalidRows.count + 3): 13 columns, expected 12")
    }

    @Test("several problems in one row are all listed")
    func severalProblemsInOneRow() throws {
        let parsed = try PeachCSVParser.parse(Self.header + "pitchDiscrimination,soon,60,D4,61,C#4,P5,equalTemperament,x,maybe,,\n")
        #expect(parsed.invalidRows.map(\.column) == ["timestamp", "referenceNoteName", "interval", "centOffset", "isCorrect"])
    }

    @Test("header errors: missing format line, other versions, unreadable version, wrong columns, empty, broken quoting")
    func headerErrors() {
        func failure(_ text: String) -> ImportError? {
            do { _ = try PeachCSVParser.parse(text); return nil } catch { return error }
        }
        #expect(failure("") == .emptyFile)
        #expect(failure(PeachExportFormat.header + "\n") == .missingFormatLine(found: PeachExportFormat.header))
        #expect(failure("# peach-export-format:3\n" + PeachExportFormat.header + "\n") == .unsupportedVersion(3))
        #expect("\(ImportError.unsupportedVersion(3))".contains("format 3"))
        #expect(failure("# peach-export-format:one\n") == .unreadableFormatVersion(line: "# peach-export-format:one"))
        #expect(failure(PeachExportFormat.metadataLine + "\n") == .badHeader(["the header line is missing"]))
        let renamed = PeachExportFormat.header.replacingOccurrences(of: "centOffset,", with: "cents,")
        #expect(failure(PeachExportFormat.metadataLine + "\n" + renamed + "\n")
                == .badHeader(["column 9: expected centOffset, found \"cents\""]))
        let short = PeachExportFormat.columns.dropLast().joined(separator: ",")
        #expect(failure(PeachExportFormat.metadataLine + "\n" + short + "\n")
                == .badHeader(["column 12: userCentError is missing"]))
        #expect(failure(PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + ",notes\n")
                == .badHeader(["column 13: unexpected extra column \"notes\""]))
        #expect(failure(Self.header + "pitchMatching,\"2026-03-01T09:00:00Z,60\n")
                == .malformedCSV("row 3: a quoted field is never closed"))
    }

    @Test("a file that is not UTF-8 is refused by name")
    func notUTF8() {
        #expect(throws: ImportError.notUTF8(path: "x.csv")) {
            try PeachCSVParser.parse(data: Data([0x23, 0xFF, 0xFE, 0x00, 0xC3]), path: "x.csv")
        }
    }

    @Test("merge skips records whose timestamp, notes and type are already stored, even earlier in the file")
    func mergeDeduplicates() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let stored = RecordFixtures.comparison(at: RecordFixtures.march1, reference: 60, offset: 5, correct: true)
        try await store.save(stored)
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1 + 1, reference: 62, initial: 3, error: 1))
        let text = Self.header + """
            pitchDiscrimination,2026-03-01T00:00:00.000Z,60,C4,60,C4,P1,justIntonation,-40.0,false,,
            pitchMatching,2026-03-01T00:00:00.000Z,60,C4,60,C4,P1,equalTemperament,,,1.0,2.0
            pitchComparison,2026-03-01T00:00:00.001Z,62,D4,62,D4,P1,equalTemperament,2.0,true,,
            pitchMatching,2026-03-01T00:00:00.001Z,62,D4,62,D4,P1,equalTemperament,,,9.0,9.0
            pitchDiscrimination,2026-03-01T00:00:00.002Z,64,E4,64,E4,P1,equalTemperament,2.0,true,,
            pitchDiscrimination,2026-03-01T00:00:00.002Z,64,E4,64,E4,P1,equalTemperament,2.0,true,,

            """
        let summary = try store.importRecords(try PeachCSVParser.parse(text), mode: .merge)
        // Same key as the stored comparison (other fields differ: still the same trial) → skipped.
        // A matching with a comparison's key is not a duplicate: the type is part of the key.
        #expect(summary == ImportSummary(comparisonsImported: 2, comparisonsSkipped: 2, matchingsImported: 1, matchingsSkipped: 1))
        #expect(try store.comparisons().first?.record == stored)
        #expect(try store.counts() == (3, 2))
    }

    @Test("replace swaps all stored records for the file's")
    func replaceSwapsEverything() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1, initial: 5, error: 1))
        let text = Self.header + "pitchMatching,2026-03-01T00:00:00.000Z,60,C4,60,C4,P1,equalTemperament,,,1.0,2.0\n"
        let summary = try store.importRecords(try PeachCSVParser.parse(text), mode: .replace)
        #expect(summary == ImportSummary(matchingsImported: 1, replaced: true))
        #expect(try store.comparisons().isEmpty)
        #expect(try store.matchings().map(\.record) == [RecordFixtures.matching(at: RecordFixtures.march1, initial: 1, error: 2)])
    }

    @Test("a cent value beyond what a trial records is refused with its row and column, whatever its size")
    func hugeValuesAreRefused() throws {
        let text = Self.header + """
            pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,1e308,true,,
            pitchDiscrimination,2026-03-01T00:00:01Z,60,C4,60,C4,P1,equalTemperament,-1200.5,true,,
            pitchMatching,2026-03-01T00:00:02Z,60,C4,60,C4,P1,equalTemperament,,,1200,1e155
            pitchDiscrimination,2026-03-01T00:00:03Z,60,C4,60,C4,P1,equalTemperament,-1200,true,,

            """
        let parsed = try PeachCSVParser.parse(text)
        let problems = parsed.invalidRows.map { "\($0)" }
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("row 4, column centOffset: value \"-1200.5\"") && $0.contains("at most 1200 c either way") })
        #expect(problems.contains { $0.hasPrefix("row 5, column userCentError: value \"1e155\"") })
        #expect(parsed.comparisons.count == 1 && parsed.matchings.isEmpty)
    }

    @Test("replacing with nothing valid is refused and keeps every stored record (--replace --skip-invalid, an empty export)")
    func replacingWithNothingIsRefused() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        let first = try directory.write(Self.header + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "first.csv")
        #expect(try await peach.run(["import", first] + dataDir, in: directory).status == 0)
        let allInvalid = try directory.write(Self.header + """
            pitchDiscrimination,2026-03-02T00:00:01Z,60,C4,60,C4,P1,equalTemperament,five,true,,
            pitchMatching,2026-03-02T00:00:03Z,60,C4,61,C#4,P1,equalTemperament,,,1.0,2.0

            """, to: "invalid.csv")
        let refused = try await peach.run(["import", allInvalid, "--replace", "--skip-invalid"] + dataDir, in: directory)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("none of the file's 2 rows is valid"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Nothing was changed"))
        let empty = try directory.write(Self.header, to: "empty.csv")
        let emptyRefused = try await peach.run(["import", empty, "--replace"] + dataDir, in: directory)
        #expect(emptyRefused.status != 0)
        #expect(emptyRefused.stderr.contains("`peach reset` deletes every record"), "\(emptyRefused.stderr)")
        #expect(try TrainingStore(location: directory.location).counts() == (1, 0))
    }

    @Test("an import that fails part-way leaves the store exactly as it was (one transaction)")
    func importIsOneTransaction() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let kept = RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true)
        try await store.save(kept)
        // A trigger makes the last insert fail, after the delete and the first inserts ran.
        try await store.pool.write { db in
            try db.execute(sql: """
                CREATE TRIGGER failLate BEFORE INSERT ON pitchMatching WHEN NEW.referenceNote = 77
                BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END
                """)
        }
        let text = Self.header + """
            pitchDiscrimination,2026-03-02T00:00:00.000Z,60,C4,60,C4,P1,equalTemperament,2.0,true,,
            pitchMatching,2026-03-02T00:00:00.001Z,60,C4,60,C4,P1,equalTemperament,,,1.0,2.0
            pitchMatching,2026-03-02T00:00:00.002Z,77,F5,77,F5,P1,equalTemperament,,,1.0,2.0

            """
        for mode in [ImportMode.merge, .replace] {
            let error = #expect(throws: StoreError.self) { try store.importRecords(try PeachCSVParser.parse(text), mode: mode) }
            #expect((error.map { "\($0)" } ?? "").contains("simulated disk failure"))
            #expect(try store.comparisons().map(\.record) == [kept])
            #expect(try store.matchings().isEmpty)
        }
    }

    @Test("peach import - reads standard input; a row with two problems counts as one invalid row")
    func standardInputAndRowCount() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        let good = try directory.write(Self.header + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n",
                                       to: "good.csv")
        let imported = try await peach.run(["import", "-"] + dataDir, in: directory, stdinFile: good)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try TrainingStore(location: directory.location).counts() == (1, 0))

        let twice = try directory.write(Self.header + "pitchDiscrimination,2026-03-02T00:00:00Z,60,C4,60,C4,P1,equalTemperament,five,maybe,,\n",
                                        to: "twice.csv")
        let refused = try await peach.run(["import", twice] + dataDir, in: directory)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("1 invalid row (2 problems); nothing was imported"), "\(refused.stderr)")
    }

    @Test("profile and export of a --data-dir with no store yet leave nothing behind and say so")
    func readingCommandsCreateNoStore() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let fresh = directory.path("typo")
        let profile = try await peach.run(["profile", "--data-dir", fresh], in: directory)
        #expect(profile.status == 0)
        #expect(profile.stderr.contains("no training data yet: \(fresh)/peach.sqlite does not exist"), "\(profile.stderr)")
        let export = try await peach.run(["export", "--data-dir", fresh], in: directory)
        #expect(export.status == 0)
        #expect(export.stdout == PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header)
        #expect(!FileManager.default.fileExists(atPath: fresh), "no folder, no store")
    }

    @Test("peach import: an invalid row imports nothing, lists every problem and exits non-zero")
    func commandLineAllOrNothing() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let dataDir = ["--data-dir", directory.url.path]
        let first = try directory.write(Self.header + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "first.csv")
        #expect(try await peach.run(["import", first] + dataDir, in: directory).status == 0)

        let mixed = try directory.write(Self.header + """
            pitchDiscrimination,2026-03-02T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,
            pitchDiscrimination,2026-03-02T00:00:01Z,60,C4,60,C4,P1,equalTemperament,five,true,,
            pitchMatching,2026-03-02T00:00:02Z,60,C4,60,C4,P1,equalTemperament,,,1.0,2.0
            pitchMatching,2026-03-02T00:00:03Z,60,C4,61,C#4,P1,equalTemperament,,,1.0,2.0

            """, to: "mixed.csv")
        let refused = try await peach.run(["import", mixed] + dataDir, in: directory)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("row 4, column centOffset: value \"five\" — not a decimal number of cents like 12.5"))
        #expect(refused.stderr.contains("row 6, column interval: value \"P1\" — P1 is 0 semitones, but the notes C4 and C#4 are 1 apart"))
        #expect(refused.stderr.contains("2 invalid rows; nothing was imported"))
        let store = try TrainingStore(location: directory.location)
        #expect(try store.counts() == (1, 0))

        let skipping = try await peach.run(["import", mixed, "--skip-invalid"] + dataDir, in: directory)
        #expect(skipping.status == 0)
        #expect(skipping.stderr.contains("row 4, column centOffset"))
        #expect(skipping.stderr.contains("row 6, column interval"))
        #expect(skipping.stdout.contains("pitch comparison: 1 imported, 0 skipped"))
        #expect(skipping.stdout.contains("pitch matching: 1 imported, 0 skipped"))
        #expect(skipping.stdout.contains("invalid rows skipped: 2"))
        #expect(try store.counts() == (2, 1))

        let replacing = try await peach.run(["import", first, "--replace"] + dataDir, in: directory)
        #expect(replacing.status == 0)
        #expect(try store.counts() == (1, 0))

        let otherVersion = try directory.write("# peach-export-format:3\n" + PeachExportFormat.header + "\n", to: "v3.csv")
        let versionError = try await peach.run(["import", otherVersion] + dataDir, in: directory)
        #expect(versionError.status != 0)
        #expect(versionError.stderr.contains("this file is Peach export format 3"))

        let missing = try await peach.run(["import", directory.path("nope.csv")] + dataDir, in: directory)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("cannot read \(directory.path("nope.csv"))"))
        #expect(try store.counts() == (1, 0))
    }
}
