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
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var characters = Array(text.unicodeScalars)[...]

        func endRecord() {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
            fields = []
            field = ""
            fieldWasQuoted = false
        }

        while let scalar = characters.popFirst() {
            if inQuotes {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
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
            case "\r" where characters.first == "\n":
                continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                if fieldWasQuoted { return .failure(.textAfterClosingQuote(line: line)) }
                guard field.isEmpty else { return .failure(.strayQuote(line: line)) }
                inQuotes = true
                fieldWasQuoted = true
            default:
                if fieldWasQuoted { return .failure(.textAfterClosingQuote(line: line)) }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { return .failure(.unterminatedQuote(line: recordLine)) }
        // The last record needs no line break after it; an empty tail is not a record.
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return .success(records)
    }

    /// One field as RFC 4180 writes it: quoted only when it must be.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
