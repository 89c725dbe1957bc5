import Foundation
import PeachCore

/// Writes records as Peach export format 1 exactly as the iOS app does: the metadata line, the
/// header, one row per record in timestamp order (a comparison before a matching at the same
/// millisecond, otherwise the order given), timestamps in whole seconds of UTC (truncated, as
/// `Date.formatted(.iso8601)` does), LF between lines and none after the last. So a file the
/// iOS app wrote comes back byte for byte through import and export. The store keeps its
/// milliseconds; only the file has whole seconds.
public enum PeachCSVExporter {
    public static func export(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) -> String {
        var rows: [(milliseconds: Int64, kind: Int, index: Int, fields: [String])] = []
        for (index, record) in comparisons.enumerated() {
            rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 0, index, fields(record)))
        }
        for (index, record) in matchings.enumerated() {
            rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 1, index, fields(record)))
        }
        rows.sort { ($0.milliseconds, $0.kind, $0.index) < ($1.milliseconds, $1.kind, $1.index) }
        let lines = [PeachExportFormat.metadataLine, PeachExportFormat.header]
            + rows.map { $0.fields.map(CSVReader.quoted).joined(separator: ",") }
        return lines.joined(separator: "\n")
    }

    private static func fields(_ record: PitchComparisonRecord) -> [String] {
        common(.pitchDiscrimination, record.timestamp, record.referenceNote, record.targetNote,
               record.interval, record.tuningSystem)
            + [DecimalText.format(record.centOffset.rawValue), record.isCorrect ? "true" : "false", "", ""]
    }

    private static func fields(_ record: PitchMatchingRecord) -> [String] {
        common(.pitchMatching, record.timestamp, record.referenceNote, record.targetNote,
               record.interval, record.tuningSystem)
            + ["", "", DecimalText.format(record.initialCentOffset.rawValue),
               DecimalText.format(record.userCentError.rawValue)]
    }

    private static func common(_ type: PeachExportFormat.TrainingType, _ timestamp: Date, _ reference: MIDINote,
                               _ target: MIDINote, _ interval: Interval, _ tuning: TuningSystem) -> [String] {
        [type.rawValue, RecordTimestamp.text(of: timestamp, precision: .seconds),
         String(reference.rawValue), reference.name, String(target.rawValue), target.name,
         interval.abbreviation, tuning.rawValue]
    }
}
