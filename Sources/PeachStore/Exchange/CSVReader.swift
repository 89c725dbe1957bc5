import Foundation

/// Splits RFC 4180 text into records of fields.
///
/// Fields are separated by commas; a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""` for `"`). Records end with LF or CRLF. Each record carries the line it
/// starts on, which error messages call its row.
struct CSVReader {
    struct Record: Equatable {
        var line: Int
        var fields: [String]
    }

    enum Problem: Error, Equatable {
        /// A quote opened on `line` is never closed.
        case unterminatedQuote(line: Int)
        /// Text follows a closing quote on `line` (e.g. `"ab"c`).
        case textAfterClosingQuote(line: Int)
        /// A quote appears inside an unquoted field on `line`.
        case strayQuote(line: Int)

        var description: String {
            switch self {
            case .unterminatedQuote(let line): "row \(line): a quoted field is never closed"
            case .textAfterClosingQuote(let line): "row \(line): text after the closing quote of a field"
            case .strayQuote(let line): "row \(line): a quote inside an unquoted field (quote the whole field and double the quote)"
            }
        }
    }

    static func records(in text: String) -> Result<[Record], Problem> {
        var records: [Record] = []
        if let problem = forEachRecord(in: text, { records.append($0); return true }) { return .failure(problem) }
        return .success(records)
    }

    /// Hands each record to `body` as soon as it ends, so a large file is never held as a
    /// list of records (a 50 MB import needed 590 MB when it was); `body` returns false to
    /// stop. Returns the problem that ended the reading early, if any.
    static func forEachRecord(in text: String, _ body: (Record) -> Bool) -> Problem? {
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        // One scalar of lookahead over the text itself: no copy of it as an array.
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()

        func endRecord() -> Bool {
            fields.append(field)
            let going = body(Record(line: recordLine, fields: fields))
            fields = []
            field = ""
            fieldWasQuoted = false
            return going
        }

        while let scalar = next {
            next = scalars.next()
            if inQuotes {
                if scalar == "\"" {
                    if next == "\"" {
                        next = scalars.next()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r" where next == "\n":
                continue
            case "\n":
                guard endRecord() else { return nil }
                line += 1
                recordLine = line
            case "\"":
                if fieldWasQuoted { return .textAfterClosingQuote(line: line) }
                guard field.isEmpty else { return .strayQuote(line: line) }
                inQuotes = true
                fieldWasQuoted = true
            default:
                if fieldWasQuoted { return .textAfterClosingQuote(line: line) }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { return .unterminatedQuote(line: recordLine) }
        // The last record needs no line break after it; an empty tail is not a record.
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { _ = endRecord() }
        return nil
    }

    /// One field as RFC 4180 writes it: quoted only when it must be.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
