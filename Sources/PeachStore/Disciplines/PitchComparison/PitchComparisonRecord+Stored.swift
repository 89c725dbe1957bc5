import Foundation
import GRDB
import PeachCore

extension PitchComparisonRecord: StoredRecord {
    static let kind = RecordKind(
        name: "pitch comparison", family: "pitch", table: "pitchComparison",
        columns: PitchFields.columns + [.centOffset, .isCorrect], identity: PitchFields.identity,
        // `pitchComparison` is what older Peach versions wrote.
        trainingTypes: ["pitchDiscrimination", "pitchComparison"], format: 1,
        exportColumns: PitchFields.exportColumns + [.centOffset, .isCorrect])

    private var pitch: PitchFields {
        PitchFields(referenceNote: referenceNote, targetNote: targetNote, interval: interval, tuningSystem: tuningSystem)
    }

    var storedValues: StoredValues { pitch.storedValues + [centOffset.rawValue, isCorrect] }
    var identityValues: StoredValues { pitch.identityValues }

    init(stored row: RowDecoder) throws(StoreError) {
        let correct = try row.integer(.isCorrect)
        guard correct == 0 || correct == 1 else { throw row.fail(.isCorrect, "\(correct) is not 0 or 1") }
        let pitch = try PitchFields(stored: row)
        self.init(timestamp: try row.timestamp(), referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                  interval: pitch.interval, tuningSystem: pitch.tuningSystem, centOffset: try row.cents(.centOffset),
                  isCorrect: correct == 1)
    }

    func writeFields(to line: inout ExportLineWriter) {
        pitch.write(to: &line)
        line.field(centOffset.rawValue)
        line.field(isCorrect)
    }

    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self? {
        let pitch = PitchFields.parse(row, &errors)
        let offset = PeachCSVParser.parseCents(row, .centOffset, &errors)
        let isCorrect = PeachCSVParser.parseFlag(row, .isCorrect, type: type, &errors)
        guard let timestamp, let pitch, let offset, let isCorrect else { return nil }
        return Self(timestamp: timestamp, referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                    interval: pitch.interval, tuningSystem: pitch.tuningSystem, centOffset: offset, isCorrect: isCorrect)
    }

    /// Wrong comparisons count for nothing in the profile, so SQLite skips them.
    static let profileColumns: [StoredColumn] = [.interval, .tuningSystem, .centOffset]
    static let profileFilter: String? = "isCorrect = 1"

    /// Where a live session adds it: an interval in a tuning beyond the iOS two under its tuning.
    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError) {
        profile.add(abs(try row.cents(.centOffset).rawValue), at: try row.timestamp(),
                    to: .comparison(for: try row.interval()), in: try row.tuningSystem())
    }
}

/// A stored comparison with its row id and rig context.
public struct StoredPitchComparison: Hashable, Sendable {
    public let id: Int64
    public let record: PitchComparisonRecord
    public let rig: RigContext
}

extension TrainingStore {
    /// Saves one trial with what the rig adds to it, in its own transaction; returns its row id
    /// once committed.
    @discardableResult
    public func save(_ record: PitchComparisonRecord, rig: RigContext = .none) async throws(StoreError) -> Int64 {
        try await saveRecord(record, rig: rig)
    }

    /// Every comparison, oldest first (ties in the order they were stored).
    public func comparisons() throws(StoreError) -> [StoredPitchComparison] {
        try stored(PitchComparisonRecord.self).map { StoredPitchComparison(id: $0.id, record: $0.record, rig: $0.rig) }
    }
}

extension TrialRecorder: PitchComparisonObserver {
    public func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        try await store.saveRecord(record, rig: context(source))
    }
}

extension ParsedImport {
    public var comparisons: [(row: Int, record: PitchComparisonRecord)] { of(PitchComparisonRecord.self) }
}

extension ExportedRecords {
    public var comparisons: [PitchComparisonRecord] { of(PitchComparisonRecord.self) }
}

extension ImportSummary {
    public var comparisonsImported: Int { tally(PitchComparisonRecord.kind.name).imported }
    public var comparisonsSkipped: Int { tally(PitchComparisonRecord.kind.name).skipped }
}
