import Foundation

/// Splits RFC 4180 bytes into records of fields, reading its source a chunk at a time.
///
/// Fields are separated by commas; a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""` for `"`). Records end with LF or CRLF. Each record carries the line it
/// starts on, which error messages call its row. Only one record is held at a time, so a file of
/// any size reads in the memory of its longest record and one chunk.
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
        /// A field of the record on `line` is not UTF-8.
        case notUTF8(line: Int)

        var description: String {
            switch self {
            case .unterminatedQuote(let line): "row \(line): a quoted field is never closed"
            case .textAfterClosingQuote(let line): "row \(line): text after the closing quote of a field"
            case .strayQuote(let line): "row \(line): a quote inside an unquoted field (quote the whole field and double the quote)"
            case .notUTF8(let line): "row \(line): the text is not UTF-8"
            }
        }
    }

    /// Why reading stopped early: the text itself, or its source.
    enum Failure: Error {
        case problem(Problem)
        case source(ImportError)
    }

    /// Fills the start of a buffer with the next bytes and says how many; 0 at the end.
    typealias Source = (UnsafeMutableRawBufferPointer) throws(ImportError) -> Int

    private let source: Source
    private let chunk: ChunkBuffer
    private var position = 0
    private var available = 0
    private var ended = false
    private var startsFile = true
    private let skipsByteOrderMark: Bool

    private var fields: [String] = []
    private var field: [UInt8] = []
    private var line = 1
    private var recordLine = 1
    private var inQuotes = false
    private var fieldWasQuoted = false
    /// A quote inside quotes whose meaning the next byte decides ("" or the closing quote).
    private var pendingQuote = false
    /// A CR outside quotes: dropped before an LF, else part of the field.
    private var pendingCR = false

    /// - Parameter skipsByteOrderMark: drop a UTF-8 byte order mark at the very start (files
    ///   saved by some editors have one; the text of a Swift string never means one).
    init(chunkSize: Int = 1 << 16, skipsByteOrderMark: Bool = true, source: @escaping Source) {
        self.source = source
        chunk = ChunkBuffer(size: chunkSize)
        self.skipsByteOrderMark = skipsByteOrderMark
        field.reserveCapacity(64)
    }

    /// Reads `text` (tests, small files).
    init(text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        self.init(skipsByteOrderMark: false) { buffer in
            let count = min(buffer.count, bytes.count - offset)
            if count > 0 {
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
            }
            offset += count
            return count
        }
    }

    /// The next record, nil at the end of the text.
    mutating func next() throws(Failure) -> Record? {
        while true {
            if position == available {
                if ended { return try endOfText() }
                do {
                    available = try source(chunk.bytes)
                } catch {
                    throw .source(error)
                }
                position = 0
                if available == 0 {
                    ended = true
                    return try endOfText()
                }
                if startsFile { skipByteOrderMark() }
            }
            if let record = try scan() { return record }
        }
    }

    /// Scans the bytes of the chunk until a record ends (returned) or the chunk does (nil).
    private mutating func scan() throws(Failure) -> Record? {
        let bytes = chunk.bytes
        while position < available {
            let byte = bytes[position]
            position += 1
            if pendingQuote {
                pendingQuote = false
                if byte == Self.quote {
                    field.append(Self.quote)
                    continue
                }
                inQuotes = false
            }
            if inQuotes {
                if byte == Self.quote {
                    pendingQuote = true
                } else {
                    if byte == Self.lineFeed { line += 1 }
                    field.append(byte)
                }
                continue
            }
            if pendingCR {
                pendingCR = false
                if byte != Self.lineFeed { try plain(Self.carriageReturn) }
            }
            switch byte {
            case Self.comma:
                try endField()
            case Self.carriageReturn:
                pendingCR = true
            case Self.lineFeed:
                let record = try endRecord()
                line += 1
                recordLine = line
                return record
            case Self.quote:
                if fieldWasQuoted { throw .problem(.textAfterClosingQuote(line: line)) }
                guard field.isEmpty else { throw .problem(.strayQuote(line: line)) }
                inQuotes = true
                fieldWasQuoted = true
            default:
                try plain(byte)
            }
        }
        return nil
    }

    /// A byte of an unquoted field.
    private mutating func plain(_ byte: UInt8) throws(Failure) {
        if fieldWasQuoted { throw .problem(.textAfterClosingQuote(line: line)) }
        field.append(byte)
    }

    private mutating func endField() throws(Failure) {
        if field.isEmpty {
            fields.append("")
        } else {
            // Checked field by field: a character never spans a comma or a line break. ASCII, what
            // the apps write, needs no validation (String(validating:) runs unspecialised).
            if field.allSatisfy({ $0 < 0x80 }) {
                fields.append(String(decoding: field, as: UTF8.self))
            } else {
                guard let text = String(validating: field, as: UTF8.self) else { throw .problem(.notUTF8(line: recordLine)) }
                fields.append(text)
            }
            field.removeAll(keepingCapacity: true)
        }
        fieldWasQuoted = false
    }

    private mutating func endRecord() throws(Failure) -> Record {
        try endField()
        let record = Record(line: recordLine, fields: fields)
        fields.removeAll(keepingCapacity: true)
        return record
    }

    private mutating func endOfText() throws(Failure) -> Record? {
        if pendingQuote {
            pendingQuote = false
            inQuotes = false
        }
        if pendingCR {
            pendingCR = false
            try plain(Self.carriageReturn)
        }
        if inQuotes { throw .problem(.unterminatedQuote(line: recordLine)) }
        // The last record needs no line break after it; an empty tail is not a record.
        guard !field.isEmpty || !fields.isEmpty || fieldWasQuoted else { return nil }
        return try endRecord()
    }

    /// Drops EF BB BF at the start of the file (the first chunk holds it whole unless the file
    /// is shorter, or a pipe delivers its first bytes one by one: then it is kept as text).
    private mutating func skipByteOrderMark() {
        startsFile = false
        guard skipsByteOrderMark, available >= 3 else { return }
        let bytes = chunk.bytes
        if bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    // MARK: - Whole texts

    static func records(in text: String) -> Result<[Record], Problem> {
        var records: [Record] = []
        if let problem = forEachRecord(in: text, { records.append($0); return true }) { return .failure(problem) }
        return .success(records)
    }

    /// Hands each record of `text` to `body` as soon as it ends; `body` returns false to stop.
    /// Returns the problem that ended the reading early, if any.
    static func forEachRecord(in text: String, _ body: (Record) -> Bool) -> Problem? {
        var reader = CSVReader(text: text)
        do {
            while let record = try reader.next() {
                guard body(record) else { return nil }
            }
        } catch {
            if case .problem(let problem) = error { return problem }
        }
        return nil
    }

    /// One field as RFC 4180 writes it: quoted only when it must be.
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == comma || $0 == quote || $0 == lineFeed || $0 == carriageReturn }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// One chunk's memory, freed with the reader.
private final class ChunkBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(size: Int) { bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1) }

    deinit { bytes.deallocate() }
}
