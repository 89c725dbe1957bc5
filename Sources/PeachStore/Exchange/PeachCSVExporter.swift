import Foundation
import PeachCore

/// Writes records as Peach export format 1 exactly as the iOS app does: the metadata line, the
/// header, one row per record in timestamp order (a comparison before a matching at the same
/// millisecond, otherwise the order given), timestamps in whole seconds of UTC (truncated, as
/// `Date.formatted(.iso8601)` does), LF between lines and none after the last. So a file the
/// iOS app wrote comes back byte for byte through import and export. The store keeps its
/// milliseconds; only the file has whole seconds.
///
/// Later formats are written the same way, each row padded with the columns it does not use;
/// `export(_:)` picks the oldest format that holds every record given (format 2 for rhythm).
public enum PeachCSVExporter {
    /// Format 1: pitch records only.
    public static func export(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) -> String {
        var records = ExportedRecords()
        records.append(contentsOf: comparisons)
        records.append(contentsOf: matchings)
        return export(records, version: PeachExportFormat.version)
    }

    /// `records` in format `version` (without one, the oldest that holds them all). An older
    /// format leaves out the kinds it has no place for.
    public static func export(_ records: ExportedRecords, version: Int? = nil) -> String {
        export(records, version: version, kinds: .standard)
    }

    static func export(_ records: ExportedRecords, version: Int?, kinds: RecordKinds) -> String {
        let version = version ?? records.format
        var rows: [(milliseconds: Int64, kind: Int, index: Int)] = []
        for (index, record) in records.records.enumerated() {
            let kind = kinds.index(of: type(of: record))
            guard kinds.kinds[kind].format <= version else { continue }
            rows.append((RecordTimestamp.milliseconds(of: record.timestamp), kind, index))
        }
        rows.sort { ($0.milliseconds, $0.kind, $0.index) < ($1.milliseconds, $1.kind, $1.index) }
        var lines = ExportLineWriter(version: version, kinds: kinds)
        for row in rows { add(records.records[row.index], to: &lines) }
        return String(decoding: lines.bytes, as: UTF8.self)
    }

    private static func add(_ record: some StoredRecord, to lines: inout ExportLineWriter) {
        lines.add(record)
    }
}
