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
        var offset = 0
        var reader = CSVReader { buffer throws(ImportError) in
            let count = min(buffer.count, data.count - offset)
            if count > 0 { data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: offset..<offset + count) }
            offset += count
            return count
        }
        return try collect(ImportReader(reader: &reader, path: path))
    }

    public static func parse(_ text: String) throws(ImportError) -> ParsedImport {
        var reader = CSVReader(text: text)
        return try collect(ImportReader(reader: &reader, path: "the text"))
    }

    private static func collect(_ made: @autoclosure () throws(ImportError) -> ImportReader) throws(ImportError) -> ParsedImport {
        var rows = try made()
        var result = ParsedImport()
        while let row = try rows.next() {
            switch row {
            case .valid(let line, .comparison(let comparison)): result.comparisons.append((line, comparison))
            case .valid(let line, .matching(let matching)): result.matchings.append((line, matching))
            case .valid(let line, .rhythmDetection(let detection)): result.rhythmDetections.append((line, detection))
            case .valid(let line, .rhythmMatching(let matching)): result.rhythmMatchings.append((line, matching))
            case .invalid(let errors): result.invalidRows += errors
            }
        }
        return result
    }

    /// The record of one data row, or every problem found in it; nil for a blank line.
    static func parse(_ record: CSVReader.Record, version: Int) -> ImportedRow? {
        guard record.fields.count != 1 || !record.fields[0].isEmpty else { return nil }
        var errors = RowErrors(row: record.line)
        let columns = version >= PeachExportFormat.rhythmVersion ? ImportColumn.allCases.count : ImportColumn.formatOneCount
        guard record.fields.count == columns else {
            return .invalid([ImportRowError(row: record.line, column: nil, value: nil,
                                            reason: "\(record.fields.count) columns, expected \(columns)")])
        }
        let parsed = parseRow(ImportRow(fields: record.fields), version: version, &errors)
        if errors.list.isEmpty, let parsed { return .valid(line: record.line, parsed) }
        return .invalid(errors.list)
    }

    // MARK: - Format line and header

    /// The file's format version.
    static func checkFormatLine(_ record: CSVReader.Record) throws(ImportError) -> Int {
        let line = record.fields.joined(separator: ",")
        guard line.hasPrefix(PeachExportFormat.metadataPrefix) else { throw .missingFormatLine(found: line) }
        let versionText = line.dropFirst(PeachExportFormat.metadataPrefix.count).trimmingCharacters(in: .whitespaces)
        guard let version = Int(versionText) else { throw .unreadableFormatVersion(line: line) }
        guard PeachExportFormat.supportedVersions.contains(version) else { throw .unsupportedVersion(version) }
        return version
    }

    static func checkHeader(_ fields: [String], version: Int) throws(ImportError) {
        try checkSeparator(fields, version: version)
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

    /// A data row as read: its record, or every problem found in it.
    enum ImportedRow {
        case valid(line: Int, ParsedRow)
        case invalid([ImportRowError])
    }

    enum ParsedRow {
        case comparison(PitchComparisonRecord)
        case matching(PitchMatchingRecord)
        case rhythmDetection(RhythmOffsetDetectionRecord)
        case rhythmMatching(RhythmMatchingRecord)
    }

    struct RowErrors {
        let row: Int
        var list: [ImportRowError] = []

        mutating func add(_ column: ImportColumn, _ value: String, _ reason: String) {
            list.append(ImportRowError(row: row, column: column.name, value: value, reason: reason))
        }
    }

    private static func parseRow(_ row: ImportRow, version: Int, _ errors: inout RowErrors) -> ParsedRow? {
        let typeText = row[.trainingType]
        let type = PeachExportFormat.TrainingType(rawValue: typeText)
        if let rhythm = type, rhythm.isRhythm, version < PeachExportFormat.rhythmVersion {
            errors.add(.trainingType, typeText, "rhythm records need format \(PeachExportFormat.rhythmVersion); this file is format \(version)")
            return nil
        }
        if type == nil {
            let expected = version >= PeachExportFormat.rhythmVersion
                ? "pitchDiscrimination, pitchComparison, pitchMatching, rhythmOffsetDetection or rhythmMatching"
                : "pitchDiscrimination, pitchComparison or pitchMatching"
            errors.add(.trainingType, typeText, "unknown training type (expected \(expected))")
        }
        if let rhythm = type, rhythm.isRhythm { return parseRhythmRow(row, type: rhythm, &errors) }
        if version >= PeachExportFormat.rhythmVersion, let pitch = type {
            for column in ImportColumn.rhythmColumns where !row[column].isEmpty {
                errors.add(column, row[column], "must be empty in a \(pitch.rawValue) row")
            }
        }
        let timestamp = parseTimestamp(row, &errors)
        let reference = parseNote(row, number: .referenceNote, name: .referenceNoteName, &errors)
        let target = parseNote(row, number: .targetNote, name: .targetNoteName, &errors)
        let interval = parseInterval(row, reference: reference, target: target, &errors)
        let tuningText = row[.tuningSystem]
        let tuning = TuningSystem(rawValue: tuningText)
        if tuning == nil {
            errors.add(.tuningSystem, tuningText, "unknown tuning system (expected equalTemperament or justIntonation)")
        }

        let isMatching = type == .pitchMatching
        let comparisonColumns: [ImportColumn] = [.centOffset, .isCorrect]
        let matchingColumns: [ImportColumn] = [.initialCentOffset, .userCentError]
        guard let type else { return nil }
        for column in isMatching ? comparisonColumns : matchingColumns where !row[column].isEmpty {
            errors.add(column, row[column], "must be empty in a \(type.rawValue) row")
        }
        if isMatching {
            let initial = parseCents(row, .initialCentOffset, &errors)
            let error = parseCents(row, .userCentError, &errors)
            guard let timestamp, let reference, let target, let interval, let tuning, let initial, let error else { return nil }
            return .matching(PitchMatchingRecord(
                timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                tuningSystem: tuning, initialCentOffset: initial, userCentError: error))
        }
        let offset = parseCents(row, .centOffset, &errors)
        let correctText = row[.isCorrect]
        let isCorrect: Bool? = correctText == "true" ? true : (correctText == "false" ? false : nil)
        if isCorrect == nil {
            errors.add(.isCorrect, correctText, correctText.isEmpty ? "required in a \(type.rawValue) row" : "expected true or false")
        }
        guard let timestamp, let reference, let target, let interval, let tuning, let offset, let isCorrect else { return nil }
        return .comparison(PitchComparisonRecord(
            timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
            tuningSystem: tuning, centOffset: offset, isCorrect: isCorrect))
    }

    static func parseTimestamp(_ row: ImportRow, _ errors: inout RowErrors) -> Date? {
        let text = row[.timestamp]
        switch RecordTimestamp.parse(text) {
        case .success(let milliseconds): return RecordTimestamp.date(milliseconds: milliseconds)
        case .failure(let problem):
            errors.add(.timestamp, text, problem.reason)
            return nil
        }
    }

    private static func parseNote(_ row: ImportRow, number column: ImportColumn, name nameColumn: ImportColumn,
                                  _ errors: inout RowErrors) -> MIDINote? {
        let text = row[column]
        guard !text.isEmpty, text.utf8.allSatisfy(DecimalText.isDigit), let value = Int(text) else {
            errors.add(column, text, "not a whole number (expected a MIDI note 0…127)")
            return nil
        }
        guard let note = try? MIDINote(value) else {
            errors.add(column, text, "out of range (MIDI notes are 0…127)")
            return nil
        }
        let nameText = row[nameColumn]
        // The name the apps write reads back as its note: no need to parse it.
        if nameText == noteNames[note.rawValue] { return note }
        if let named = try? MIDINote(parsing: nameText), !nameText.allSatisfy(\.isNumber) {
            if named != note {
                errors.add(nameColumn, nameText, "names note \(named.rawValue), but \(column) is \(note.rawValue) (\(note.name))")
            }
        } else {
            errors.add(nameColumn, nameText, "not a note name like \(note.name)")
        }
        return note
    }

    private static func parseInterval(_ row: ImportRow, reference: MIDINote?, target: MIDINote?,
                                      _ errors: inout RowErrors) -> Interval? {
        let text = row[.interval]
        guard let interval = intervals[text] else {
            errors.add(.interval, text, "unknown interval (expected one of \(Interval.allCases.map(\.abbreviation).joined(separator: " ")))")
            return nil
        }
        if let reference, let target {
            let distance = abs(target.rawValue - reference.rawValue)
            if distance != interval.semitones {
                errors.add(.interval, text, "\(text) is \(interval.semitones) semitones, but the notes \(reference.name) and \(target.name) are \(distance) apart")
            }
        }
        return interval
    }

    /// `MIDINote.name` of every note, by number.
    static let noteNames = (MIDINote.validRange).map { try! MIDINote($0).name }
    /// `Interval(abbreviation:)` without searching every interval for each row.
    private static let intervals = Dictionary(uniqueKeysWithValues: Interval.allCases.map { ($0.abbreviation, $0) })

    private static func parseCents(_ row: ImportRow, _ column: ImportColumn, _ errors: inout RowErrors) -> Cents? {
        let text = row[column]
        guard !text.isEmpty else {
            errors.add(column, text, "required in a \(row[.trainingType]) row")
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
