import Foundation
import GRDB
import PeachCore

extension RhythmOffsetDetectionRecord: StoredRecord {
    static let kind = RecordKind(
        name: "rhythm offset detection", family: "rhythm", table: RhythmSchema.detectionTable,
        columns: [.tempoBPM, .offsetMs, .isCorrect], identity: [.tempoBPM],
        trainingTypes: ["rhythmOffsetDetection"], format: PeachExportFormat.rhythmVersion,
        exportColumns: [.isCorrect, .tempoBPM, .offsetMs])

    var storedValues: StoredValues { [tempo.value, offset.milliseconds, isCorrect] }
    var identityValues: StoredValues { [tempo.value] }

    init(stored row: RowDecoder) throws(StoreError) {
        let correct = try row.integer(.isCorrect)
        guard correct == 0 || correct == 1 else { throw row.fail(.isCorrect, "\(correct) is not 0 or 1") }
        let tempo = try row.tempo()
        self.init(timestamp: try row.timestamp(), tempo: tempo, offset: try row.rhythmOffset(.offsetMs, at: tempo),
                  isCorrect: correct == 1)
    }

    func writeFields(to line: inout ExportLineWriter) {
        line.field(isCorrect)
        line.field(String(tempo.value))
        line.field(offset.milliseconds)
    }

    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self? {
        let tempo = PeachCSVParser.parseTempo(row, &errors)
        let offset = PeachCSVParser.parseOffset(row, .offsetMs, at: tempo, &errors)
        let isCorrect = PeachCSVParser.parseFlag(row, .isCorrect, type: type, &errors)
        guard let timestamp, let tempo, let offset, let isCorrect else { return nil }
        return Self(timestamp: timestamp, tempo: tempo, offset: offset, isCorrect: isCorrect)
    }

    static let profileColumns: [StoredColumn] = [.tempoBPM, .offsetMs, .isCorrect]
    static let profileFilter: String? = "isCorrect = 1"

    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError) {
        profile.add(try Self(stored: row))
    }
}

/// A stored rhythm offset detection with its row id and rig context.
public struct StoredRhythmOffsetDetection: Hashable, Sendable {
    public let id: Int64
    public let record: RhythmOffsetDetectionRecord
    public let rig: RigContext
}

extension TrainingStore {
    @discardableResult
    public func save(_ record: RhythmOffsetDetectionRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await saveRecord(record, rig: rig)
    }

    /// Every rhythm offset detection, oldest first (ties in the order they were stored).
    public func rhythmDetections() throws(StoreError) -> [StoredRhythmOffsetDetection] {
        try stored(RhythmOffsetDetectionRecord.self).map {
            StoredRhythmOffsetDetection(id: $0.id, record: $0.record, rig: $0.rig)
        }
    }
}

extension TrialRecorder: RhythmOffsetDetectionObserver {
    public func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, answeredBy source: AnswerSource?) async throws {
        try await store.saveRecord(record, rig: context(source))
    }
}

extension ParsedImport {
    public var rhythmDetections: [(row: Int, record: RhythmOffsetDetectionRecord)] { of(RhythmOffsetDetectionRecord.self) }
}

extension ExportedRecords {
    public var rhythmDetections: [RhythmOffsetDetectionRecord] { of(RhythmOffsetDetectionRecord.self) }
}

extension ImportSummary {
    public var rhythmDetectionsImported: Int { tally(RhythmOffsetDetectionRecord.kind.name).imported }
    public var rhythmDetectionsSkipped: Int { tally(RhythmOffsetDetectionRecord.kind.name).skipped }
}
