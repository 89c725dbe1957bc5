import PeachCore

/// Why a file could not be imported. Nothing was written in any of these cases.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    /// A folder, a device or a socket: nothing an export could be (a named pipe is read once).
    case notAFile(path: String, kind: String)
    case notUTF8(path: String)
    case emptyFile
    /// The first line is not `# peach-export-format:N`.
    case missingFormatLine(found: String)
    case unreadableFormatVersion(line: String)
    case unsupportedVersion(Int)
    /// The second line is not the header of the file's format; each entry names one difference.
    case badHeader([String], version: Int = PeachExportFormat.version)
    case malformedCSV(String)
    /// Rows that failed validation; with `--skip-invalid` they are reported, not thrown.
    case invalidRows([ImportRowError])

    /// The file's text and path are quoted in these sentences, so control characters in them are
    /// escaped (the line breaks between the listed problems are the message's own).
    public var description: String {
        switch self {
        case .badHeader(let problems, let version):
            return "row 2 (the header) does not match format \(version):\n"
                + problems.map { "  " + $0.terminalSafe }.joined(separator: "\n")
                + "\n  expected: \(PeachExportFormat.header(version: version))"
        case .invalidRows(let errors):
            let rows = Set(errors.map(\.row)).count
            let problems = errors.count == rows ? "" : " (\(errors.count) problems)"
            return "\(rows) invalid row\(rows == 1 ? "" : "s")\(problems); nothing was imported:\n"
                + errors.map { "  \($0)" }.joined(separator: "\n")
        default:
            return message.terminalSafe
        }
    }

    private var message: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .notAFile(let path, let kind):
            return "cannot import \(path): it is \(kind), not a file; give the path of a Peach export"
        case .notUTF8(let path):
            return "\(path) is not UTF-8 text, so it is not a Peach export file"
        case .emptyFile:
            return "the file is empty; a Peach export starts with the line \(PeachExportFormat.metadataLine)"
        case .missingFormatLine(let found):
            return "row 1: expected the format line \(PeachExportFormat.metadataLine), found \"\(found)\""
        case .unreadableFormatVersion(let line):
            return "row 1: the format version in \"\(line)\" is not a whole number"
        case .unsupportedVersion(let version):
            return "this file is Peach export format \(version); this peach reads formats "
                + PeachExportFormat.supportedVersions.map(String.init).joined(separator: " and ")
        case .badHeader, .invalidRows:
            return ""   // multi-line: `description` writes these, escaping each quoted part
        case .malformedCSV(let problem):
            return problem
        }
    }
}
