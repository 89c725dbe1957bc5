import Foundation
import PeachCore

/// Each discipline's honest estimate over time: the threshold (comparison) or spread (matching)
/// as `ThresholdProfile` would have reported it at the end of each training session.
///
/// A session is a sitting: records of any discipline less than 30 minutes apart (the profile's
/// session gap). More than `maximumPoints` sessions are merged, consecutive ones into equal
/// groups, so a long history costs a bounded number of estimates and its figure stays legible;
/// a group never spans a long gap, so the figure can still show the break.
public struct ThresholdHistory: Sendable {
    /// One session (or a group of consecutive ones) and the trials in it.
    public struct Session: Hashable, Sendable, Codable {
        public let start: Date
        public let end: Date
        public let trials: Int
        /// How many sessions were merged into this one.
        public let sessions: Int
    }

    /// A discipline's estimate at the end of session `session` (an index into `sessions`).
    public struct Point: Hashable, Sendable, Codable {
        public let session: Int
        public let estimate: ThresholdEstimate
    }

    public static let defaultMaximumPoints = 60
    /// A break this long between two sessions is not bridged by a line in the figure.
    public static let longGap: TimeInterval = 7 * 24 * 3600

    public let sessions: [Session]
    /// Per discipline with trials: a point for each session in which it was trained, oldest first.
    public let points: [TrainingDiscipline: [Point]]

    public init(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord],
                weighting: RecencyWeighting = .standard, sessionGap: TimeInterval = SessionEWMA.defaultSessionGap,
                maximumPoints: Int = defaultMaximumPoints) {
        let trials = PitchTrial.inTimeOrder(comparisons: comparisons, matchings: matchings)
        var counter = SessionCounter(gap: sessionGap)
        for trial in trials { counter.add(trial.time) }
        var builder = Builder(sessionCount: counter.sessions, weighting: weighting, sessionGap: sessionGap,
                              maximumPoints: maximumPoints)
        var table = ThresholdFitTable()
        for trial in trials { builder.add(trial, table: &table) }
        self = builder.finish(table: table)
    }

    init(sessions: [Session], points: [TrainingDiscipline: [Point]]) {
        self.sessions = sessions
        self.points = points
    }

    /// Whether the break before session `index` is long enough that the figure must not bridge it.
    public func isLongGap(before index: Int) -> Bool {
        index > 0 && index < sessions.count && sessions[index].start.timeIntervalSince(sessions[index - 1].end) >= Self.longGap
    }
}
