import Foundation
import GRDB
import PeachCore

extension PitchMatchingRecord: StoredRecord {
    static let kind = RecordKind(
        name: "pitch matching", family: "pitch", table: "pitchMatching",
        columns: PitchFields.columns + [.initialCentOffset, .userCentError], identity: PitchFields.identity,
        trainingTypes: ["pitchMatching"], format: 1,
        exportColumns: PitchFields.exportColumns + [.initialCentOffset, .userCentError])

    private var pitch: PitchFields {
        PitchFields(referenceNote: referenceNote, targetNote: targetNote, interval: interval, tuningSystem: tuningSystem)
    }

    var storedValues: StoredValues {
        pitch.storedValues + [initialCentOffset.rawValue, userCentError.rawValue]
    }
    var identityValues: StoredValues { pitch.identityValues }

    init(stored row: RowDecoder) throws(StoreError) {
        let pitch = try PitchFields(stored: row)
        self.init(timestamp: try row.timestamp(), referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                  interval: pitch.interval, tuningSystem: pitch.tuningSystem,
                  initialCentOffset: try row.cents(.initialCentOffset), userCentError: try row.cents(.userCentError))
    }

    func writeFields(to line: inout ExportLineWriter) {
        pitch.write(to: &line)
        line.field(initialCentOffset.rawValue)
        line.field(userCentError.rawValue)
    }

    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self? {
        let pitch = PitchFields.parse(row, &errors)
        let initial = PeachCSVParser.parseCents(row, .initialCentOffset, &errors)
        let error = PeachCSVParser.parseCents(row, .userCentError, &errors)
        guard let timestamp, let pitch, let initial, let error else { return nil }
        return Self(timestamp: timestamp, referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                    interval: pitch.interval, tuningSystem: pitch.tuningSystem,
                    initialCentOffset: initial, userCentError: error)
    }

    static let profileColumns: [StoredColumn] = [.interval, .tuningSystem, .userCentError]

    /// Where a live session adds it: an interval in a tuning beyond the iOS two under its tuning.
    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError) {
        profile.add(abs(try row.cents(.userCentError).rawValue), at: try row.timestamp(),
                    to: .matching(for: try row.interval()), in: try row.tuningSystem())
    }
}

/// A stored matching with its row id and rig context.
public struct StoredPitchMatching: Hashable, Sendable {
    public let id: Int64
    public let record: PitchMatchingRecord
    public let rig: RigContext
}

extension TrainingStore {
    /// Saves one trial with what the rig adds to it, in its own transaction; returns its row id
    /// once committed.
    @discardableResult
    public func save(_ record: PitchMatchingRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await saveRecord(record, rig: rig)
    }

    /// Every matching, oldest first (ties in the order they were stored).
    public func matchings() throws(StoreError) -> [StoredPitchMatching] {
        try stored(PitchMatchingRecord.self).map { StoredPitchMatching(id: $0.id, record: $0.record, rig: $0.rig) }
    }
}

extension TrialRecorder: PitchMatchingObserver {
    public func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try await store.saveRecord(record, rig: context(source))
    }
}

extension ParsedImport {
    public var matchings: [(row: Int, record: PitchMatchingRecord)] { of(PitchMatchingRecord.self) }
}

extension ExportedRecords {
    public var matchings: [PitchMatchingRecord] { of(PitchMatchingRecord.self) }
}

extension ImportSummary {
    public var matchingsImported: Int { tally(PitchMatchingRecord.kind.name).imported }
    public var matchingsSkipped: Int { tally(PitchMatchingRecord.kind.name).skipped }
}
