import PeachCore

/// A column of the export file, by its header name. The iOS formats' columns have a fixed
/// place (`slot`, their place in format 2's header), so a row finds them by index; a column a
/// later discipline adds is found by name.
struct ImportColumn: Hashable, Sendable, CustomStringConvertible {
    let name: String
    let slot: Int?

    init(named name: String) {
        self.name = name
        slot = Self.iOSColumns.firstIndex(of: name)
    }

    private static let iOSColumns = PeachExportFormat.columns(version: PeachExportFormat.rhythmVersion)

    static let trainingType = Self(named: "trainingType"), timestamp = Self(named: "timestamp")
    static let referenceNote = Self(named: "referenceNote"), referenceNoteName = Self(named: "referenceNoteName")
    static let targetNote = Self(named: "targetNote"), targetNoteName = Self(named: "targetNoteName")
    static let interval = Self(named: "interval"), tuningSystem = Self(named: "tuningSystem")
    static let centOffset = Self(named: "centOffset"), isCorrect = Self(named: "isCorrect")
    static let initialCentOffset = Self(named: "initialCentOffset"), userCentError = Self(named: "userCentError")
    static let tempoBPM = Self(named: "tempoBPM"), offsetMs = Self(named: "offsetMs")
    static let userOffsetMs = Self(named: "userOffsetMs")

    var description: String { name }
}

/// One data row's fields, by column (the count is checked before one is made).
struct ImportRow {
    let fields: [String]
    /// The header's columns, by name: only a later discipline's columns are looked up here.
    let positions: [String: Int]
    /// The file's format version.
    var format = PeachExportFormat.version

    /// The field of `column`; empty when the file's format has no such column.
    subscript(_ column: ImportColumn) -> String {
        if let slot = column.slot { return slot < fields.count ? fields[slot] : "" }
        return positions[column.name].map { fields[$0] } ?? ""
    }
}

/// An export read row by row from its source: the format line and the header are checked when
/// it is made, then `next()` hands out each data row's record, or its problems, one at a time.
public struct ImportReader {
    public let path: String
    /// The file's format version.
    public let version: Int
    /// Data rows handed out so far (blank lines aside).
    public private(set) var rowsRead = 0
    private var reader: CSVReader
    private let parser: PeachCSVParser.Rows

    /// Opens the rows of `source`, reading its first two lines.
    public init(source: ImportSource) throws(ImportError) {
        try self.init(source: source, kinds: .standard)
    }

    init(source: ImportSource, kinds: RecordKinds) throws(ImportError) {
        var reader = CSVReader { buffer throws(ImportError) in try source.read(into: buffer) }
        try self.init(reader: &reader, path: source.path, kinds: kinds)
    }

    init(reader: inout CSVReader, path: String, kinds: RecordKinds = .standard) throws(ImportError) {
        self.path = path
        guard let formatLine = try Self.next(&reader, path) else { throw .emptyFile }
        let version = try PeachCSVParser.checkFormatLine(formatLine, kinds: kinds)
        guard let header = try Self.next(&reader, path) else {
            throw .badHeader(["the header line is missing"], version: version)
        }
        let columns = kinds.exportColumns(version: version)
        try PeachCSVParser.checkHeader(header.fields, expected: columns.map(\.name), version: version)
        self.version = version
        self.reader = reader
        parser = PeachCSVParser.Rows(kinds: kinds, version: version, columns: columns)
    }

    /// The next data row, nil at the end of the file.
    mutating func next() throws(ImportError) -> PeachCSVParser.ImportedRow? {
        while let record = try Self.next(&reader, path) {
            if let row = parser.parse(record) {
                rowsRead += 1
                return row
            }
        }
        return nil
    }

    private static func next(_ reader: inout CSVReader, _ path: String) throws(ImportError) -> CSVReader.Record? {
        do {
            return try reader.next()
        } catch {
            switch error {
            case .source(let failure): throw failure
            case .problem(.notUTF8): throw .notUTF8(path: path)
            case .problem(let problem): throw .malformedCSV(problem.description)
            }
        }
    }
}
