import Foundation
import PeachCore

/// Export lines written as bytes, one record at a time, exactly as `PeachCSVExporter` defines
/// them: every field of every line is a name, a number or a timestamp, none of which holds a
/// comma, a quote or a line break, so none is quoted.
struct ExportLineWriter {
    let version: Int
    private(set) var bytes: [UInt8] = []
    /// Timestamps of one day share their date: "2026-03-01T", for `day` (days since 1970).
    private var day: Int64?
    private var datePrefix: [UInt8] = []

    /// Starts with the metadata line and the header; each record adds a line break and its line.
    init(version: Int) {
        self.version = version
        bytes.reserveCapacity(1 << 16)
        bytes += PeachExportFormat.metadataLine(version: version).utf8
        bytes.append(Self.lineFeed)
        bytes += PeachExportFormat.header(version: version).utf8
    }

    /// Empties the buffer (after its bytes were written out).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func add(_ record: PitchComparisonRecord) {
        common(.pitchDiscrimination, record.timestamp, record.referenceNote, record.targetNote, record.interval,
               record.tuningSystem)
        field(DecimalText.format(record.centOffset.rawValue))
        field(record.isCorrect ? "true" : "false")
        emptyFields(version >= PeachExportFormat.rhythmVersion ? 5 : 2)
    }

    mutating func add(_ record: PitchMatchingRecord) {
        common(.pitchMatching, record.timestamp, record.referenceNote, record.targetNote, record.interval,
               record.tuningSystem)
        emptyFields(2)
        field(DecimalText.format(record.initialCentOffset.rawValue))
        field(DecimalText.format(record.userCentError.rawValue))
        if version >= PeachExportFormat.rhythmVersion { emptyFields(3) }
    }

    /// Format 2 only.
    mutating func add(_ record: RhythmOffsetDetectionRecord) {
        start(.rhythmOffsetDetection, record.timestamp)
        emptyFields(7)
        field(record.isCorrect ? "true" : "false")
        emptyFields(2)
        field(String(record.tempo.value))
        field(DecimalText.format(record.offset.milliseconds))
        emptyFields(1)
    }

    /// Format 2 only.
    mutating func add(_ record: RhythmMatchingRecord) {
        start(.rhythmMatching, record.timestamp)
        emptyFields(10)
        field(String(record.tempo.value))
        emptyFields(1)
        field(DecimalText.format(record.userOffset.milliseconds))
    }

    private mutating func common(_ type: PeachExportFormat.TrainingType, _ timestamp: Date, _ reference: MIDINote,
                                 _ target: MIDINote, _ interval: Interval, _ tuning: TuningSystem) {
        start(type, timestamp)
        field(String(reference.rawValue))
        field(PeachCSVParser.noteNames[reference.rawValue])
        field(String(target.rawValue))
        field(PeachCSVParser.noteNames[target.rawValue])
        field(interval.abbreviation)
        field(tuning.rawValue)
    }

    /// The line break, the type and the timestamp in whole seconds of UTC (rounded down).
    private mutating func start(_ type: PeachExportFormat.TrainingType, _ timestamp: Date) {
        bytes.append(Self.lineFeed)
        bytes += type.rawValue.utf8
        bytes.append(Self.comma)
        let milliseconds = RecordTimestamp.milliseconds(of: timestamp)
        let day = (milliseconds >= 0 ? milliseconds : milliseconds - 86_399_999) / 86_400_000   // rounded down
        if day != self.day {
            // The date part of the one timestamp text (RecordTimestamp), made once a day.
            let text = RecordTimestamp.text(milliseconds: day * 86_400_000, precision: .seconds).utf8
            datePrefix = Array(text.prefix { $0 != UInt8(ascii: "T") }) + [UInt8(ascii: "T")]
            self.day = day
        }
        bytes += datePrefix
        let second = (milliseconds - day * 86_400_000) / 1000
        twoDigits(second / 3600)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(second / 60 % 60)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(second % 60)
        bytes.append(UInt8(ascii: "Z"))
    }

    private mutating func twoDigits(_ value: Int64) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private mutating func field(_ text: String) {
        bytes.append(Self.comma)
        bytes += text.utf8
    }

    private mutating func emptyFields(_ count: Int) {
        for _ in 0..<count { bytes.append(Self.comma) }
    }

    private static let comma = UInt8(ascii: ","), lineFeed = UInt8(ascii: "\n")
}
