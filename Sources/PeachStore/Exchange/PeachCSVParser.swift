import Foundation
import PeachCore

/// The valid records of an import file, each with its row, and the rows that were not valid.
public struct ParsedImport: Sendable {
    /// Every valid record, in file order.
    var records: [(row: Int, record: any StoredRecord)] = []
    public var invalidRows: [ImportRowError] = []

    public init(invalidRows: [ImportRowError] = []) {
        self.invalidRows = invalidRows
    }

    /// The records of one discipline, in file order.
    func of<Record: StoredRecord>(_: Record.Type) -> [(row: Int, record: Record)] {
        records.compactMap { row, record in (record as? Record).map { (row, $0) } }
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
        try parse(text, kinds: .standard)
    }

    static func parse(_ text: String, kinds: RecordKinds) throws(ImportError) -> ParsedImport {
        var reader = CSVReader(text: text)
        return try collect(ImportReader(reader: &reader, path: "the text", kinds: kinds))
    }

    private static func collect(_ made: @autoclosure () throws(ImportError) -> ImportReader) throws(ImportError) -> ParsedImport {
        var rows = try made()
        var result = ParsedImport()
        while let row = try rows.next() {
            switch row {
            case .valid(let line, let record): result.records.append((line, record))
            case .invalid(let errors): result.invalidRows += errors
            }
        }
        return result
    }

    // MARK: - Format line and header

    /// The file's format version.
    static func checkFormatLine(_ record: CSVReader.Record, kinds: RecordKinds) throws(ImportError) -> Int {
        let line = record.fields.joined(separator: ",")
        guard line.hasPrefix(PeachExportFormat.metadataPrefix) else { throw .missingFormatLine(found: line) }
        let versionText = line.dropFirst(PeachExportFormat.metadataPrefix.count).trimmingCharacters(in: .whitespaces)
        guard let version = Int(versionText) else { throw .unreadableFormatVersion(line: line) }
        guard kinds.exportVersions.contains(version) else { throw .unsupportedVersion(version) }
        return version
    }

    static func checkHeader(_ fields: [String], expected: [String], version: Int) throws(ImportError) {
        try checkSeparator(fields, version: version)
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
        case valid(line: Int, any StoredRecord)
        case invalid([ImportRowError])
    }

    struct RowErrors {
        let row: Int
        var list: [ImportRowError] = []

        mutating func add(_ column: ImportColumn, _ value: String, _ reason: String) {
            list.append(ImportRowError(row: row, column: column.name, value: value, reason: reason))
        }
    }

    /// The data rows of one file: the kind each row names finds its own fields; every other
    /// column must be empty.
    struct Rows {
        let kinds: RecordKinds
        let version: Int
        let columns: [ImportColumn]
        private let positions: [String: Int]
        /// Per kind, the columns its rows leave empty.
        private let unused: [[ImportColumn]]

        init(kinds: RecordKinds, version: Int, columns: [ImportColumn]) {
            self.kinds = kinds
            self.version = version
            self.columns = columns
            positions = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1.name, $0) })
            unused = kinds.kinds.map { kind in columns.dropFirst(2).filter { !kind.exportColumns.contains($0) } }
        }

        /// The record of one data row, or every problem found in it; nil for a blank line.
        func parse(_ record: CSVReader.Record) -> ImportedRow? {
            guard record.fields.count != 1 || !record.fields[0].isEmpty else { return nil }
            guard record.fields.count == columns.count else {
                return .invalid([ImportRowError(row: record.line, column: nil, value: nil,
                                                reason: "\(record.fields.count) columns, expected \(columns.count)")])
            }
            var errors = RowErrors(row: record.line)
            let parsed = parseRow(ImportRow(fields: record.fields, positions: positions, format: version), &errors)
            if errors.list.isEmpty, let parsed { return .valid(line: record.line, parsed) }
            return .invalid(errors.list)
        }

        private func parseRow(_ row: ImportRow, _ errors: inout RowErrors) -> (any StoredRecord)? {
            let typeText = row[.trainingType]
            guard let index = kinds.kind(trainingType: typeText), kinds.kinds[index].format <= version else {
                if let index = kinds.kind(trainingType: typeText) {
                    let kind = kinds.kinds[index]
                    errors.add(.trainingType, typeText, "\(kind.family) records need format \(kind.format); this file is format \(version)")
                } else {
                    let expected = kinds.kinds.filter { $0.format <= version }.flatMap(\.trainingTypes)
                    let list = expected.dropLast().joined(separator: ", ") + " or " + (expected.last ?? "")
                    errors.add(.trainingType, typeText, "unknown training type (expected \(list))")
                }
                _ = PeachCSVParser.parseTimestamp(row, &errors)
                return nil
            }
            for column in unused[index] where !row[column].isEmpty {
                errors.add(column, row[column], "must be empty in a \(typeText) row")
            }
            let timestamp = PeachCSVParser.parseTimestamp(row, &errors)
            return kinds.types[index].parse(row, type: typeText, timestamp: timestamp, &errors)
        }
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

    static func parseNote(_ row: ImportRow, number column: ImportColumn, name nameColumn: ImportColumn,
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

    static func parseInterval(_ row: ImportRow, reference: MIDINote?, target: MIDINote?,
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

    static func parseCents(_ row: ImportRow, _ column: ImportColumn, _ errors: inout RowErrors) -> Cents? {
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

    /// `true` or `false`, as the apps write a flag.
    static func parseFlag(_ row: ImportRow, _ column: ImportColumn, type: String, _ errors: inout RowErrors) -> Bool? {
        let text = row[column]
        if text == "true" { return true }
        if text == "false" { return false }
        errors.add(column, text, text.isEmpty ? "required in a \(type) row" : "expected true or false")
        return nil
    }
}
