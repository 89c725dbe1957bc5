import PeachCore

/// The CSV that the Peach apps exchange. Format 1 holds pitch records only and is what the iOS
/// app reads today; format 2 (planned by the iOS app's rhythm spec) adds the rhythm records in
/// three columns after format 1's, which pitch rows leave empty. Which kind of record a row is,
/// and which columns it fills, each discipline says (`StoredRecord`); these are the two
/// formats' headers, which `RecordKinds.standard` makes again column by column.
public enum PeachExportFormat {
    /// Format 1: `version`, `metadataLine`, `columns` and `header` are its.
    public static let version = 1
    /// The format that carries rhythm records.
    public static let rhythmVersion = 2
    /// The first format whose tuningSystem column may name any tuning (issue 32), not only the
    /// iOS app's two: format 2, which the iOS app does not read yet either.
    public static let tuningIdentifiers = rhythmVersion
    /// The tuning systems format 1 knows.
    static let formatOneTunings = TuningSystem.allCases.map(\.rawValue)
    public static let supportedVersions = [version, rhythmVersion]
    static let metadataPrefix = "# peach-export-format:"
    public static let metadataLine = metadataLine(version: version)

    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError",
    ]
    /// Format 2's additions; the rhythm records' fields as the iOS app names them.
    public static let rhythmColumns = ["tempoBPM", "offsetMs", "userOffsetMs"]

    public static var header: String { columns.joined(separator: ",") }

    public static func metadataLine(version: Int) -> String { metadataPrefix + String(version) }

    public static func columns(version: Int) -> [String] {
        version >= rhythmVersion ? columns + rhythmColumns : columns
    }

    public static func header(version: Int) -> String { columns(version: version).joined(separator: ",") }
}

/// One problem in an import file, located by row (the file line the record starts on) and column.
public struct ImportRowError: Hashable, Sendable, CustomStringConvertible {
    public let row: Int
    public let column: String?
    public let value: String?
    public let reason: String

    public var description: String {
        var text = "row \(row)"
        if let column { text += ", column \(column)" }
        if let value { text += ": value \"\(value)\" — \(reason)" } else { text += ": \(reason)" }
        return text.terminalSafe   // the value is the file's text
    }
}
