import Foundation
import PeachCore

/// Writes records as Peach export format 1 exactly as the iOS app does: the metadata line, the
/// header, one row per record in timestamp order (a comparison before a matching at the same
/// millisecond, otherwise the order given), timestamps in whole seconds of UTC (truncated, as
/// `Date.formatted(.iso8601)` does), LF between lines and none after the last. So a file the
/// iOS app wrote comes back byte for byte through import and export. The store keeps its
/// milliseconds; only the file has whole seconds.
///
/// Format 2 is written the same way, each row padded with the columns it does not use; it is
/// what `version` asks for, and what `export(_:)` picks when there are rhythm records.
public enum PeachCSVExporter {
    /// Format 1: pitch records only.
    public static func export(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) -> String {
        export(ExportedRecords(comparisons: comparisons, matchings: matchings), version: PeachExportFormat.version)
    }

    /// `records` in format `version` (2 when nil and there are rhythm records, else 1). Format 1
    /// leaves the rhythm records out: it has no place for them.
    public static func export(_ records: ExportedRecords, version: Int? = nil) -> String {
        let version = version ?? (records.hasRhythm ? PeachExportFormat.rhythmVersion : PeachExportFormat.version)
        let padding = version >= PeachExportFormat.rhythmVersion ? ["", "", ""] : []
        var rows: [(milliseconds: Int64, kind: Int, index: Int, fields: [String])] = []
        for (index, record) in records.comparisons.enumerated() {
            rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 0, index, fields(record) + padding))
        }
        for (index, record) in records.matchings.enumerated() {
            rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 1, index, fields(record) + padding))
        }
        if version >= PeachExportFormat.rhythmVersion {
            for (index, record) in records.rhythmDetections.enumerated() {
                rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 2, index, fields(record)))
            }
            for (index, record) in records.rhythmMatchings.enumerated() {
                rows.append((RecordTimestamp.milliseconds(of: record.timestamp), 3, index, fields(record)))
            }
        }
        rows.sort { ($0.milliseconds, $0.kind, $0.index) < ($1.milliseconds, $1.kind, $1.index) }
        let lines = [PeachExportFormat.metadataLine(version: version), PeachExportFormat.header(version: version)]
            + rows.map { $0.fields.map(CSVReader.quoted).joined(separator: ",") }
        return lines.joined(separator: "\n")
    }

    private static func fields(_ record: RhythmOffsetDetectionRecord) -> [String] {
        [PeachExportFormat.TrainingType.rhythmOffsetDetection.rawValue, RecordTimestamp.text(of: record.timestamp, precision: .seconds),
         "", "", "", "", "", "", "", record.isCorrect ? "true" : "false", "", "",
         String(record.tempo.value), DecimalText.format(record.offset.milliseconds), ""]
    }

    private static func fields(_ record: RhythmMatchingRecord) -> [String] {
        [PeachExportFormat.TrainingType.rhythmMatching.rawValue, RecordTimestamp.text(of: record.timestamp, precision: .seconds),
         "", "", "", "", "", "", "", "", "", "",
         String(record.tempo.value), "", DecimalText.format(record.userOffset.milliseconds)]
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
