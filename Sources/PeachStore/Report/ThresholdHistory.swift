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
    public struct Session: Hashable, Sendable {
        public let start: Date
        public let end: Date
        public let trials: Int
        /// How many sessions were merged into this one.
        public let sessions: Int
    }

    /// A discipline's estimate at the end of session `session` (an index into `sessions`).
    public struct Point: Hashable, Sendable {
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
        let trials = Self.inTimeOrder(comparisons: comparisons, matchings: matchings)
        let groups = Self.groups(of: Self.sessionRanges(trials, gap: sessionGap), trials, maximumPoints: maximumPoints)
        var fits: [TrainingDiscipline: RunningThresholdFit] = [:]
        var errors: [TrainingDiscipline: [Double]] = [:]
        var points: [TrainingDiscipline: [Point]] = [:]
        var sessions: [Session] = []
        for (index, group) in groups.enumerated() {
            let range = group.trials
            var trained: Set<TrainingDiscipline> = []
            for trial in trials[range] {
                trained.insert(trial.discipline)
                switch trial.value {
                case .comparison(let observation):
                    fits[trial.discipline, default: RunningThresholdFit(weighting: weighting)].add(observation)
                case .matching(let error):
                    errors[trial.discipline, default: []].append(error)
                }
            }
            for discipline in TrainingDiscipline.allCases where trained.contains(discipline) {
                let estimate = fits[discipline]?.estimate() ?? errors[discipline].flatMap { Self.spread($0, weighting) }
                if let estimate { points[discipline, default: []].append(Point(session: index, estimate: estimate)) }
            }
            sessions.append(Session(start: trials[range.lowerBound].time, end: trials[range.upperBound - 1].time,
                                    trials: range.count, sessions: group.sessions))
        }
        self.sessions = sessions
        self.points = points
    }

    /// Whether the break before session `index` is long enough that the figure must not bridge it.
    public func isLongGap(before index: Int) -> Bool {
        index > 0 && index < sessions.count && sessions[index].start.timeIntervalSince(sessions[index - 1].end) >= Self.longGap
    }

    // MARK: - Building

    private struct Trial {
        enum Value {
            case comparison(ComparisonObservation)
            case matching(Double)
        }

        let time: Date
        let discipline: TrainingDiscipline
        let value: Value
    }

    /// Oldest first; ties keep the order given, comparisons before matchings (as the profile does
    /// within a discipline).
    private static func inTimeOrder(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) -> [Trial] {
        let all = comparisons.map {
            Trial(time: $0.timestamp, discipline: $0.discipline,
                  value: .comparison(ComparisonObservation(offset: $0.centOffset.rawValue, isCorrect: $0.isCorrect)))
        } + matchings.map { Trial(time: $0.timestamp, discipline: $0.discipline, value: .matching($0.userCentError.rawValue)) }
        return all.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Each session as a range of trial indices: a gap of `gap` or more starts the next.
    private static func sessionRanges(_ trials: [Trial], gap: TimeInterval) -> [Range<Int>] {
        guard !trials.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 1..<trials.count where trials[index].time.timeIntervalSince(trials[index - 1].time) >= gap {
            ranges.append(start..<index)
            start = index
        }
        ranges.append(start..<trials.count)
        return ranges
    }

    /// Consecutive sessions merged into groups of equal size, so there are about `maximumPoints`;
    /// a long gap always starts a new group.
    private static func groups(of sessions: [Range<Int>], _ trials: [Trial],
                               maximumPoints: Int) -> [(trials: Range<Int>, sessions: Int)] {
        let size = max(1, (sessions.count + max(1, maximumPoints) - 1) / max(1, maximumPoints))
        var groups: [(trials: Range<Int>, sessions: Int)] = []
        for session in sessions {
            if let last = groups.last, last.sessions < size,
               trials[session.lowerBound].time.timeIntervalSince(trials[last.trials.upperBound - 1].time) < longGap {
                groups[groups.count - 1] = (last.trials.lowerBound..<session.upperBound, last.sessions + 1)
            } else {
                groups.append((session, 1))
            }
        }
        return groups
    }

    /// `MatchingSpreadFit` on the errors so far, weighted as `ThresholdProfile` weighs them; errors
    /// more than 40 half-lives old (weight < 10⁻¹²) are left out, so each session costs the same.
    private static func spread(_ errors: [Double], _ weighting: RecencyWeighting) -> ThresholdEstimate? {
        let recent = weighting.halfLife.isInfinite ? errors[...] : errors.suffix(Int(min(40 * weighting.halfLife, 1e9)))
        let weights = weighting.weights(count: recent.count)
        return MatchingSpreadFit.estimate(errors: zip(recent, weights).map { ($0, $1) })?.spread
    }
}
