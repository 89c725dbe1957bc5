import Foundation
import PeachCore

/// What a `ProfileTally` holds once it has taken every trial before some time, without the
/// figures dated from `now` (this week, the windows of days): taken where all of those lie
/// after the trials it holds, it depends on the trials alone, so the store keeps it between
/// runs (`ProfileTallyCache`) and the next report goes on from it with the later trials only.
/// Every property of the tally is either here or made again from `now` (a test holds the list).
public struct ProfileTallySnapshot: Codable {
    /// Raised whenever what `ProfileTally.add` does with a trial, or what is kept here, changes:
    /// a kept snapshot of another format is not read.
    public static let format = 2

    /// How far before `now` the report's dated figures reach: the longest window and the span
    /// before it (the week is within it). Trials older than that count alike whatever `now` is.
    static let horizon: TimeInterval = Double(2 * (ProfileReport.Window.lengths.max() ?? 7)) * 86_400

    /// Where a snapshot for a report at `now` is taken, in stored milliseconds: the start of the
    /// UTC day `horizon` before `now`, so a store keeps one snapshot a day, not one per run.
    public static func cutoff(before now: Date) -> Int64 {
        let day = 86_400_000 as Int64
        let milliseconds = RecordTimestamp.milliseconds(of: now.addingTimeInterval(-horizon))
        return milliseconds >= 0 ? milliseconds / day * day : (milliseconds - day + 1) / day * day
    }

    var table: ThresholdFitTable
    /// Format 2: with the intervals in tunings kept apart, and `live` (issue 30, `peach train`).
    var profile: PerceptualProfile.PitchSnapshot
    var live: LiveTrialWindows
    var disciplines: [ProfileTally.DisciplineTally]
    var noteSums: [[Double]]
    var noteCounts: [[Int]]
    /// With the history (the SVG's): its builder, and the sittings counted up to here.
    var history: ThresholdHistory.Builder?
    public internal(set) var sessions: ThresholdHistory.SessionCounter?
    var intervals: [ItemTally.IntervalKey: ProfileTally.Estimator]
    var tuningSystems: [String]
    var apart: [ItemTally.ApartKey: ProfileTally.Estimator]

    /// What a training starts from, read alone from a kept snapshot: decoding the estimators
    /// too would cost a start several times as much.
    public struct TrainingPart: Decodable {
        let profile: PerceptualProfile.PitchSnapshot
        let live: LiveTrialWindows
    }
}

extension ProfileTally {
    /// The tally as it stands; `sessions` the sittings counted so far, where it has a history.
    public func snapshot(sessions: ThresholdHistory.SessionCounter?) -> ProfileTallySnapshot {
        ProfileTallySnapshot(
            table: table, profile: training.profile.pitchSnapshot, live: training.live, disciplines: disciplines,
            noteSums: notes.map { $0.map(\.sum) }, noteCounts: notes.map { $0.map(\.count) },
            history: history, sessions: history == nil ? nil : sessions,
            intervals: items.intervals, tuningSystems: items.tuningSystems, apart: items.apart)
    }

    /// The tally `snapshot` was taken of, for a report at `now`: nil where it cannot be that
    /// (a history is asked for and it has none, or one of another grouping: `sessionCount` makes
    /// the groups), or where it holds a figure dated from an earlier `now`.
    public init?(restoring snapshot: ProfileTallySnapshot, sessionCount: Int?, now: Date) {
        self.init(sessionCount: sessionCount, now: now)
        guard snapshot.disciplines.count == disciplines.count,
              snapshot.noteSums.map(\.count) == notes.map(\.count), snapshot.noteCounts.map(\.count) == notes.map(\.count),
              !snapshot.disciplines.contains(where: { $0.tookWeekAgo || $0.trialsThisWeek > 0 }) else { return nil }
        if let expected = history {
            guard let kept = snapshot.history, kept.size == expected.size, kept.sessionGap == expected.sessionGap else {
                return nil
            }
            history = kept
        }
        table = snapshot.table
        training = TrainingStartTally(restoring: ProfileTallySnapshot.TrainingPart(profile: snapshot.profile, live: snapshot.live))
        disciplines = snapshot.disciplines
        notes = zip(snapshot.noteSums, snapshot.noteCounts).map { sums, counts in
            zip(sums, counts).map { (sum: $0, count: $1) }
        }
        items.intervals = snapshot.intervals
        items.tuningSystems = snapshot.tuningSystems
        items.apart = snapshot.apart
    }
}
