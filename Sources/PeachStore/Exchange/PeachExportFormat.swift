import PeachCore

/// Peach export format 1: the CSV that the Peach apps exchange.
public enum PeachExportFormat {
    public static let version = 1
    static let metadataPrefix = "# peach-export-format:"
    public static let metadataLine = metadataPrefix + String(version)

    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError",
    ]

    public static var header: String { columns.joined(separator: ",") }

    /// The first column's values. `pitchComparison` is what older Peach versions wrote.
    enum TrainingType: String, CaseIterable {
        case pitchDiscrimination
        case pitchMatching
        case legacyPitchComparison = "pitchComparison"
    }
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
