import Foundation
import PeachCore

/// Export lines written as bytes, one record at a time, exactly as `PeachCSVExporter` defines
/// them: every field of every line is a name, a number or a timestamp, none of which holds a
/// comma, a quote or a line break, so none is quoted; only a Scala tuning's identifier (its
/// description) may need quoting (`quotedField`).
struct ExportLineWriter {
    let version: Int
    private(set) var bytes: [UInt8] = []
    /// Timestamps of one day share their date: "2026-03-01T", for `day` (days since 1970).
    private var day: Int64?
    private var datePrefix: [UInt8] = []
    private let kinds: RecordKinds
    /// Per kind, the header position of each of its fields.
    private let layouts: [[Int]]
    private let columnCount: Int
    /// While a record writes its fields: their places, which comes next, the column last written.
    private var layout: [Int] = []
    private var nextField = 0
    private var column = 0

    /// Starts with the metadata line and the header; each record adds a line break and its line.
    init(version: Int, kinds: RecordKinds = .standard) {
        self.version = version
        self.kinds = kinds
        let columns = kinds.exportColumns(version: version)
        columnCount = columns.count
        layouts = kinds.kinds.map { kind in kind.exportColumns.map { columns.firstIndex(of: $0) ?? -1 } }
        bytes.reserveCapacity(1 << 16)
        bytes += PeachExportFormat.metadataLine(version: version).utf8
        bytes.append(Self.lineFeed)
        bytes += columns.map(\.name).joined(separator: ",").utf8
    }

    /// Empties the buffer (after its bytes were written out).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// One record's line (its kind must be in the version).
    mutating func add<Record: StoredRecord>(_ record: Record) {
        let index = kinds.index(of: Record.self)
        start(Record.kind.trainingTypes[0], record.timestamp)
        layout = layouts[index]
        nextField = 0
        column = 1
        record.writeFields(to: &self)
        emptyFields(columnCount - 1 - column)
    }

    /// The record's next field, in its column (the columns between are left empty).
    mutating func field(_ text: String) {
        nextColumn()
        bytes += text.utf8
    }

    mutating func field(_ flag: Bool) {
        nextColumn()
        bytes += flag ? Self.trueText : Self.falseText
    }

    /// A number as `DecimalText.format` writes it, straight into the line.
    mutating func field(_ number: Double) {
        nextColumn()
        DecimalText.append(number, to: &bytes)
    }

    /// A text that may hold a comma, a quote or a line break (a Scala scale's description),
    /// quoted as RFC 4180 asks only then, so every other field stays as the iOS app writes it.
    mutating func quotedField(_ text: String) {
        // Those four are ASCII: a text without their bytes holds none of them, and scanning bytes
        // is far cheaper than scanning Characters. Only a text with one of the bytes is looked at
        // as Characters, as before (a "\r\n" Character equals neither "\r" nor "\n").
        guard text.utf8.contains(where: { Self.quotedBytes.contains($0) }),
              text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field(text) }
        field("\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
    }

    /// A note's number and name, in two fields (their bytes made once for all 128 notes).
    mutating func field(_ note: MIDINote) {
        nextColumn()
        bytes += Self.noteNumbers[note.rawValue]
        nextColumn()
        bytes += Self.noteNames[note.rawValue]
    }

    /// The comma before the record's next field, after the empty columns before its place.
    private mutating func nextColumn() {
        let place = layout[nextField]
        nextField += 1
        emptyFields(place - column - 1)
        column = place
        bytes.append(Self.comma)
    }

    /// The line break, the type and the timestamp in whole seconds of UTC (rounded down).
    private mutating func start(_ type: String, _ timestamp: Date) {
        bytes.append(Self.lineFeed)
        bytes += type.utf8
        bytes.append(Self.comma)
        let milliseconds = RecordTimestamp.milliseconds(of: timestamp)
        let day = (milliseconds >= 0 ? milliseconds : milliseconds - 86_399_999) / 86_400_000   // rounded down
        if day != self.day {
            // The date part of the one timestamp text (RecordTimestamp), made once a day.
            let text = RecordTimestamp.text(milliseconds: day * 86_400_000, precision: .seconds).utf8
            datePrefix = Array(text.prefix { $0 != UInt8(ascii: "T") }) + [UInt8(ascii: "T")]
            self.day = day
        }
        bytes += datePrefix
        let second = (milliseconds - day * 86_400_000) / 1000
        twoDigits(second / 3600)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(second / 60 % 60)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(second % 60)
        bytes.append(UInt8(ascii: "Z"))
    }

    private mutating func twoDigits(_ value: Int64) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private mutating func emptyFields(_ count: Int) {
        for _ in 0..<count { bytes.append(Self.comma) }
    }

    private static let comma = UInt8(ascii: ","), lineFeed = UInt8(ascii: "\n")
    private static let trueText = Array("true".utf8), falseText = Array("false".utf8)
    private static let quotedBytes: [UInt8] = [comma, UInt8(ascii: "\""), lineFeed, UInt8(ascii: "\r")]
    private static let noteNumbers = MIDINote.validRange.map { Array(String($0).utf8) }
    private static let noteNames = PeachCSVParser.noteNames.map { Array($0.utf8) }
}
