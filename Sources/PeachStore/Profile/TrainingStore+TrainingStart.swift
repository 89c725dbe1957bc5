import Foundation
import GRDB
import PeachCore
import PeachReport

/// What `peach train` starts from: the perceptual profile as every stored record makes it, and
/// the live threshold estimates from each discipline's latest trials.
public struct TrainingStart: Sendable {
    public let profile: PerceptualProfile
    public let thresholds: LiveThresholds
}

extension TrainingStore {
    /// A kept tally further than this behind the day's cutoff is brought up to date by the start
    /// (and kept again), so a start reads the trials of the last seven months or so however long
    /// one trains without `peach profile`; each such start costs a warm `peach profile`.
    static let trainingStartCatchUp: Int64 = 30 * 86_400_000

    /// The profile and the live estimates as of every stored record (issue 30: a start that does
    /// not grow with the store). The pitch part goes on from the tally `peach profile` keeps in
    /// the store and reads only the trials after it; where none is kept (the first start after an
    /// import, or after any change the kept tally's triggers empty it for), or the one kept is
    /// over `trainingStartCatchUp` old, the profile's own pass makes it and keeps it for the next
    /// start. Rhythm and the disciplines after it are read whole, as `loadProfile` reads them.
    ///
    /// `weighting` may be any with a window no longer than the standard one's (the trials kept).
    public func trainingStart(now: Date = Date(), weighting: RecencyWeighting = .standard) throws(StoreError) -> TrainingStart {
        let pitchTypes: [any StoredRecord.Type] = [PitchComparisonRecord.self, PitchMatchingRecord.self]
        let pitch = Set(pitchTypes.map { ObjectIdentifier($0) })
        guard kinds.types.filter({ pitch.contains(ObjectIdentifier($0)) }).count == pitch.count else {
            // A store without the pitch tables (tests' own kinds): every record read as before.
            return TrainingStart(profile: try loadProfile(), thresholds: LiveThresholds(weighting: weighting))
        }
        let training: TrainingStartTally
        if let kept = try keptTrainingStart(cutoff: ProfileTallySnapshot.cutoff(before: now)) {
            training = kept
        } else {
            training = try profileTally(now: now, history: false).training
        }
        for type in kinds.types where !pitch.contains(ObjectIdentifier(type)) { try load(type, into: training.profile) }
        return TrainingStart(profile: training.profile, thresholds: LiveThresholds(windows: training.live, weighting: weighting))
    }

    /// Where a kept tally fits (this peach's format, no further than `trainingStartCatchUp`
    /// behind `cutoff`): its training part and the trials after it. Reads only.
    private func keptTrainingStart(cutoff: Int64) throws(StoreError) -> TrainingStartTally? {
        enum Outcome {
            case started(TrainingStartTally)
            case damaged(table: String, id: Int64)
            case none
        }
        let read = { (db: Database) throws -> Outcome in
            guard let kept = try ProfileTallyCache.trainingPart(db), kept.cutoff >= cutoff - Self.trainingStartCatchUp else {
                // No pitch trial yet (a first training): nothing to tally, and nothing worth
                // keeping (the profile's pass would write the tally's table and triggers).
                let any = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pitchComparison) "
                                                + "OR EXISTS (SELECT 1 FROM pitchMatching)") ?? true
                return any ? .none : .started(TrainingStartTally(weighting: .standard))
            }
            var tally = TrainingStartTally(restoring: kept.part)
            switch try Self.forEachTrial(db, sorted: true, from: kept.cutoff, { _, trial in tally.add(trial) }) {
            case .done: return .started(tally)
            case .damaged(let table, let id): return .damaged(table: table, id: id)
            case .outOfOrder: preconditionFailure("a sorted pass is never out of order")
            }
        }
        var outcome = Outcome.none
        do {
            if pool.configuration.readonly {
                outcome = try pool.read(read)
            } else {
                // On the writer connection, in one read transaction: the pool is open for the
                // recorder anyway, and a reader connection of its own would be opened only for
                // this (on an emulated CPU a connection's opening is milliseconds of the start).
                try pool.writeWithoutTransaction { db in
                    try db.inTransaction(.deferred) {
                        outcome = try read(db)
                        return .commit
                    }
                }
            }
        } catch {
            throw readFailure(error)
        }
        switch outcome {
        case .started(let tally): return tally
        case .damaged(let table, let id): throw failure(readingAgain: table, id: id)
        case .none: return nil
        }
    }

    /// The live threshold estimates alone, as `trainingStart` makes them.
    public func loadLiveThresholds(weighting: RecencyWeighting = .standard) throws(StoreError) -> LiveThresholds {
        try trainingStart(weighting: weighting).thresholds
    }
}
