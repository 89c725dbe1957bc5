import PeachCore

/// The columns of export format 2 in file order; format 1 has the first `formatOneCount`.
enum ImportColumn: Int, CaseIterable, CustomStringConvertible {
    case trainingType, timestamp, referenceNote, referenceNoteName, targetNote, targetNoteName
    case interval, tuningSystem, centOffset, isCorrect, initialCentOffset, userCentError
    case tempoBPM, offsetMs, userOffsetMs

    static let formatOneCount = 12
    static let rhythmColumns: [ImportColumn] = [.tempoBPM, .offsetMs, .userOffsetMs]
    /// What a rhythm row must leave empty, per type: every pitch column but isCorrect (which
    /// offset detection uses), and the other type's value.
    static let unusedInDetection: [ImportColumn] = [.referenceNote, .referenceNoteName, .targetNote, .targetNoteName,
                                                    .interval, .tuningSystem, .centOffset, .initialCentOffset,
                                                    .userCentError, .userOffsetMs]
    static let unusedInRhythmMatching: [ImportColumn] = [.referenceNote, .referenceNoteName, .targetNote, .targetNoteName,
                                                         .interval, .tuningSystem, .centOffset, .isCorrect,
                                                         .initialCentOffset, .userCentError, .offsetMs]

    private static let names = PeachExportFormat.columns(version: PeachExportFormat.rhythmVersion)

    /// The column's name in the header.
    var name: String { Self.names[rawValue] }
    var description: String { name }
}

/// One data row's fields, by column (the count is checked before one is made).
struct ImportRow {
    let fields: [String]

    subscript(_ column: ImportColumn) -> String { fields[column.rawValue] }
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

    /// Opens the rows of `source`, reading its first two lines.
    public init(source: ImportSource) throws(ImportError) {
        var reader = CSVReader { buffer throws(ImportError) in try source.read(into: buffer) }
        try self.init(reader: &reader, path: source.path)
    }

    init(reader: inout CSVReader, path: String) throws(ImportError) {
        self.path = path
        guard let formatLine = try Self.next(&reader, path) else { throw .emptyFile }
        let version = try PeachCSVParser.checkFormatLine(formatLine)
        guard let header = try Self.next(&reader, path) else {
            throw .badHeader(["the header line is missing"], version: version)
        }
        try PeachCSVParser.checkHeader(header.fields, version: version)
        self.version = version
        self.reader = reader
    }

    /// The next data row, nil at the end of the file.
    mutating func next() throws(ImportError) -> PeachCSVParser.ImportedRow? {
        while let record = try Self.next(&reader, path) {
            if let row = PeachCSVParser.parse(record, version: version) {
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
