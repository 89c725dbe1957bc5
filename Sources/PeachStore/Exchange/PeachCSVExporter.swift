import Foundation
import PeachCore

/// Writes records as Peach export format 1: the metadata line, the header, one row per record
/// in timestamp order (a comparison before a matching at the same millisecond, otherwise the
/// order given), LF line ends, a line end after the last row.
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
        var text = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"
        for row in rows {
            text += row.fields.map(CSVReader.quoted).joined(separator: ",") + "\n"
        }
        return text
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
        [type.rawValue, RecordTimestamp.text(of: timestamp),
         String(reference.rawValue), reference.name, String(target.rawValue), target.name,
         interval.abbreviation, tuning.rawValue]
    }
}
