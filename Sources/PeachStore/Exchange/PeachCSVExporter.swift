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
        var rows: [(milliseconds: Int64, kind: Int, index: Int)] = []
        func add(_ timestamps: [Date], kind: Int) {
            for (index, timestamp) in timestamps.enumerated() {
                rows.append((RecordTimestamp.milliseconds(of: timestamp), kind, index))
            }
        }
        add(records.comparisons.map(\.timestamp), kind: 0)
        add(records.matchings.map(\.timestamp), kind: 1)
        if version >= PeachExportFormat.rhythmVersion {
            add(records.rhythmDetections.map(\.timestamp), kind: 2)
            add(records.rhythmMatchings.map(\.timestamp), kind: 3)
        }
        rows.sort { ($0.milliseconds, $0.kind, $0.index) < ($1.milliseconds, $1.kind, $1.index) }
        var lines = ExportLineWriter(version: version)
        for row in rows {
            switch row.kind {
            case 0: lines.add(records.comparisons[row.index])
            case 1: lines.add(records.matchings[row.index])
            case 2: lines.add(records.rhythmDetections[row.index])
            default: lines.add(records.rhythmMatchings[row.index])
            }
        }
        return String(decoding: lines.bytes, as: UTF8.self)
    }
}
