import Foundation
import GRDB
import PeachCore

extension RhythmMatchingRecord: StoredRecord {
    static let kind = RecordKind(
        name: "rhythm matching", family: "rhythm", table: RhythmSchema.matchingTable,
        columns: [.tempoBPM, .userOffsetMs], identity: [.tempoBPM],
        trainingTypes: ["rhythmMatching"], format: PeachExportFormat.rhythmVersion,
        exportColumns: [.tempoBPM, .userOffsetMs])

    var storedValues: StoredValues { [tempo.value, userOffset.milliseconds] }
    var identityValues: StoredValues { [tempo.value] }

    init(stored row: RowDecoder) throws(StoreError) {
        let tempo = try row.tempo()
        self.init(timestamp: try row.timestamp(), tempo: tempo, userOffset: try row.rhythmOffset(.userOffsetMs, at: tempo))
    }

    func writeFields(to line: inout ExportLineWriter) {
        line.field(String(tempo.value))
        line.field(userOffset.milliseconds)
    }

    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self? {
        let tempo = PeachCSVParser.parseTempo(row, &errors)
        let offset = PeachCSVParser.parseOffset(row, .userOffsetMs, at: tempo, &errors)
        guard let timestamp, let tempo, let offset else { return nil }
        return Self(timestamp: timestamp, tempo: tempo, userOffset: offset)
    }

    static let profileColumns: [StoredColumn] = [.tempoBPM, .userOffsetMs]

    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError) {
        profile.add(try Self(stored: row))
    }
}

/// A stored rhythm matching with its row id and rig context.
public struct StoredRhythmMatching: Hashable, Sendable {
    public let id: Int64
    public let record: RhythmMatchingRecord
    public let rig: RigContext
}

extension TrainingStore {
    @discardableResult
    public func save(_ record: RhythmMatchingRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await saveRecord(record, rig: rig)
    }

    /// Every rhythm matching, oldest first (ties in the order they were stored).
    public func rhythmMatchings() throws(StoreError) -> [StoredRhythmMatching] {
        try stored(RhythmMatchingRecord.self).map { StoredRhythmMatching(id: $0.id, record: $0.record, rig: $0.rig) }
    }

    /// How many rhythm records of each kind are stored.
    public func rhythmCounts() throws(StoreError) -> (detections: Int, matchings: Int) {
        (try count(of: RhythmOffsetDetectionRecord.kind), try count(of: RhythmMatchingRecord.kind))
    }
}

extension TrialRecorder: RhythmMatchingObserver {
    public func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try await store.saveRecord(record, rig: context(source))
    }
}

extension ParsedImport {
    public var rhythmMatchings: [(row: Int, record: RhythmMatchingRecord)] { of(RhythmMatchingRecord.self) }
}

extension ExportedRecords {
    public var rhythmMatchings: [RhythmMatchingRecord] { of(RhythmMatchingRecord.self) }
}

extension ImportSummary {
    public var rhythmMatchingsImported: Int { tally(RhythmMatchingRecord.kind.name).imported }
    public var rhythmMatchingsSkipped: Int { tally(RhythmMatchingRecord.kind.name).skipped }
}
