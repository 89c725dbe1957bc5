import Foundation
import PeachCore

/// The valid records of an import file, each with its row, and the rows that were not valid.
public struct ParsedImport: Sendable {
    public var comparisons: [(row: Int, record: PitchComparisonRecord)] = []
    public var matchings: [(row: Int, record: PitchMatchingRecord)] = []
    public var rhythmDetections: [(row: Int, record: RhythmOffsetDetectionRecord)] = []
    public var rhythmMatchings: [(row: Int, record: RhythmMatchingRecord)] = []
    public var invalidRows: [ImportRowError] = []

    /// Records made elsewhere than in a file (a benchmark's fixture), each with a row number.
    public init(comparisons: [(row: Int, record: PitchComparisonRecord)] = [],
                matchings: [(row: Int, record: PitchMatchingRecord)] = [], invalidRows: [ImportRowError] = []) {
        self.comparisons = comparisons
        self.matchings = matchings
        self.invalidRows = invalidRows
    }
}

/// Reads Peach export formats 1 and 2 and validates the header and every row.
///
/// A row is checked column by column and every problem is reported, not just the first:
/// the notes and their names must agree, the interval must be the distance between the notes,
/// and each type's own columns are required while the other type's must be empty.
public enum PeachCSVParser {
    public static func parse(data: Data, path: String) throws(ImportError) -> ParsedImport {
        guard var text = String(data: data, encoding: .utf8) else { throw .notUTF8(path: path) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return try parse(text)
    }

    public static func parse(_ text: String) throws(ImportError) -> ParsedImport {
        var result = ParsedImport()
        var failure: ImportError?
        var seen = 0
        var version = PeachExportFormat.version
        // Row by row as the reader finds them: only the parsed records are kept.
        let problem = CSVReader.forEachRecord(in: text) { record in
            defer { seen += 1 }
            do throws(ImportError) {
                switch seen {
                case 0: version = try checkFormatLine(record)
                case 1: try checkHeader(record.fields, version: version)
                default: add(record, version: version, to: &result)
                }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let problem { throw .malformedCSV(problem.description) }
        if let failure { throw failure }
        guard seen > 0 else { throw .emptyFile }
        guard seen >= 2 else { throw .badHeader(["the header line is missing"], version: version) }
        return result
    }

    private static func add(_ record: CSVReader.Record, version: Int, to result: inout ParsedImport) {
        guard record.fields != [""] else { return }
        var errors = RowErrors(row: record.line)
        let columns = PeachExportFormat.columns(version: version)
        guard record.fields.count == columns.count else {
            result.invalidRows.append(ImportRowError(
                row: record.line, column: nil, value: nil,
                reason: "\(record.fields.count) columns, expected \(columns.count)"))
            return
        }
        let row = Dictionary(uniqueKeysWithValues: zip(columns, record.fields))
        let parsed = parseRow(row, version: version, &errors)
        if errors.list.isEmpty, let parsed {
            switch parsed {
            case .comparison(let comparison): result.comparisons.append((record.line, comparison))
            case .matching(let matching): result.matchings.append((record.line, matching))
            case .rhythmDetection(let detection): result.rhythmDetections.append((record.line, detection))
            case .rhythmMatching(let matching): result.rhythmMatchings.append((record.line, matching))
            }
        } else {
            result.invalidRows += errors.list
        }
    }

    // MARK: - Format line and header

    /// The file's format version.
    private static func checkFormatLine(_ record: CSVReader.Record) throws(ImportError) -> Int {
        let line = record.fields.joined(separator: ",")
        guard line.hasPrefix(PeachExportFormat.metadataPrefix) else { throw .missingFormatLine(found: line) }
        let versionText = line.dropFirst(PeachExportFormat.metadataPrefix.count).trimmingCharacters(in: .whitespaces)
        guard let version = Int(versionText) else { throw .unreadableFormatVersion(line: line) }
        guard PeachExportFormat.supportedVersions.contains(version) else { throw .unsupportedVersion(version) }
        return version
    }

    private static func checkHeader(_ fields: [String], version: Int) throws(ImportError) {
        let expected = PeachExportFormat.columns(version: version)
        var problems: [String] = []
        for (index, name) in fields.enumerated() {
            let position = "column \(index + 1)"
            if index >= expected.count {
                problems.append("\(position): unexpected extra column \"\(name)\"")
            } else if name != expected[index] {
                problems.append("\(position): expected \(expected[index]), found \"\(name)\"")
            }
        }
        for index in fields.count..<max(fields.count, expected.count) {
            problems.append("column \(index + 1): \(expected[index]) is missing")
        }
        if !problems.isEmpty { throw .badHeader(problems, version: version) }
    }

    // MARK: - Rows

    enum ParsedRow {
        case comparison(PitchComparisonRecord)
        case matching(PitchMatchingRecord)
        case rhythmDetection(RhythmOffsetDetectionRecord)
        case rhythmMatching(RhythmMatchingRecord)
    }

    struct RowErrors {
        let row: Int
        var list: [ImportRowError] = []

        mutating func add(_ column: String, _ value: String, _ reason: String) {
            list.append(ImportRowError(row: row, column: column, value: value, reason: reason))
        }
    }

    private static func parseRow(_ row: [String: String], version: Int, _ errors: inout RowErrors) -> ParsedRow? {
        let typeText = row["trainingType"]!
        let type = PeachExportFormat.TrainingType(rawValue: typeText)
        if let rhythm = type, rhythm.isRhythm, version < PeachExportFormat.rhythmVersion {
            errors.add("trainingType", typeText, "rhythm records need format \(PeachExportFormat.rhythmVersion); this file is format \(version)")
            return nil
        }
        if type == nil {
            let expected = version >= PeachExportFormat.rhythmVersion
                ? "pitchDiscrimination, pitchComparison, pitchMatching, rhythmOffsetDetection or rhythmMatching"
                : "pitchDiscrimination, pitchComparison or pitchMatching"
            errors.add("trainingType", typeText, "unknown training type (expected \(expected))")
        }
        if let rhythm = type, rhythm.isRhythm { return parseRhythmRow(row, type: rhythm, &errors) }
        if version >= PeachExportFormat.rhythmVersion, let pitch = type {
            for column in PeachExportFormat.rhythmColumns where !row[column]!.isEmpty {
                errors.add(column, row[column]!, "must be empty in a \(pitch.rawValue) row")
            }
        }
        let timestamp = parseTimestamp(row, &errors)
        let reference = parseNote(row, number: "referenceNote", name: "referenceNoteName", &errors)
        let target = parseNote(row, number: "targetNote", name: "targetNoteName", &errors)
        let interval = parseInterval(row, reference: reference, target: target, &errors)
        let tuningText = row["tuningSystem"]!
        let tuning = TuningSystem(rawValue: tuningText)
        if tuning == nil {
            errors.add("tuningSystem", tuningText, "unknown tuning system (expected equalTemperament or justIntonation)")
        }

        let isMatching = type == .pitchMatching
        let comparisonColumns = ["centOffset", "isCorrect"]
        let matchingColumns = ["initialCentOffset", "userCentError"]
        guard let type else { return nil }
        for column in isMatching ? comparisonColumns : matchingColumns where !row[column]!.isEmpty {
            errors.add(column, row[column]!, "must be empty in a \(type.rawValue) row")
        }
        if isMatching {
            let initial = parseCents(row, "initialCentOffset", &errors)
            let error = parseCents(row, "userCentError", &errors)
            guard let timestamp, let reference, let target, let interval, let tuning, let initial, let error else { return nil }
            return .matching(PitchMatchingRecord(
                timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                tuningSystem: tuning, initialCentOffset: initial, userCentError: error))
        }
        let offset = parseCents(row, "centOffset", &errors)
        let correctText = row["isCorrect"]!
        let isCorrect: Bool? = correctText == "true" ? true : (correctText == "false" ? false : nil)
        if isCorrect == nil {
            errors.add("isCorrect", correctText, correctText.isEmpty ? "required in a \(type.rawValue) row" : "expected true or false")
        }
        guard let timestamp, let reference, let target, let interval, let tuning, let offset, let isCorrect else { return nil }
        return .comparison(PitchComparisonRecord(
            timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
            tuningSystem: tuning, centOffset: offset, isCorrect: isCorrect))
    }

    static func parseTimestamp(_ row: [String: String], _ errors: inout RowErrors) -> Date? {
        let text = row["timestamp"]!
        switch RecordTimestamp.parse(text) {
        case .success(let milliseconds): return RecordTimestamp.date(milliseconds: milliseconds)
        case .failure(let problem):
            errors.add("timestamp", text, problem.reason)
            return nil
        }
    }

    private static func parseNote(_ row: [String: String], number column: String, name nameColumn: String,
                                  _ errors: inout RowErrors) -> MIDINote? {
        let text = row[column]!
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            errors.add(column, text, "not a whole number (expected a MIDI note 0…127)")
            return nil
        }
        guard let note = try? MIDINote(value) else {
            errors.add(column, text, "out of range (MIDI notes are 0…127)")
            return nil
        }
        let nameText = row[nameColumn]!
        if let named = try? MIDINote(parsing: nameText), !nameText.allSatisfy(\.isNumber) {
            if named != note {
                errors.add(nameColumn, nameText, "names note \(named.rawValue), but \(column) is \(note.rawValue) (\(note.name))")
            }
        } else {
            errors.add(nameColumn, nameText, "not a note name like \(note.name)")
        }
        return note
    }

    private static func parseInterval(_ row: [String: String], reference: MIDINote?, target: MIDINote?,
                                      _ errors: inout RowErrors) -> Interval? {
        let text = row["interval"]!
        guard let interval = try? Interval(abbreviation: text) else {
            errors.add("interval", text, "unknown interval (expected one of \(Interval.allCases.map(\.abbreviation).joined(separator: " ")))")
            return nil
        }
        if let reference, let target {
            let distance = abs(target.rawValue - reference.rawValue)
            if distance != interval.semitones {
                errors.add("interval", text, "\(text) is \(interval.semitones) semitones, but the notes \(reference.name) and \(target.name) are \(distance) apart")
            }
        }
        return interval
    }

    private static func parseCents(_ row: [String: String], _ column: String, _ errors: inout RowErrors) -> Cents? {
        let text = row[column]!
        guard !text.isEmpty else {
            errors.add(column, text, "required in a \(row["trainingType"]!) row")
            return nil
        }
        guard let value = DecimalText.parse(text), let cents = try? Cents(value) else {
            errors.add(column, text, "not a decimal number of cents like 12.5")
            return nil
        }
        guard cents.isRecordable else {
            errors.add(column, text, "beyond what a trial records: at most \(Int(Cents.recordedLimit.rawValue)) c either way (an octave)")
            return nil
        }
        return cents
    }
}
