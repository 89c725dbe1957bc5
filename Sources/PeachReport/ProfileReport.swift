import Foundation
import PeachCore

/// What `peach profile` shows, computed from stored records: per discipline the threshold
/// (comparison) or spread (matching) from every trial, overall and per register, where it stood
/// a week ago, and after every session; beside it the profile's running statistics and the
/// correct answers' mean |offset| per reference note, each named for what it is.
public struct ProfileReport: Sendable {
    public struct NoteThreshold: Hashable, Sendable {
        public let note: MIDINote
        /// Mean |cent offset| of the correct answers with this reference note (not a threshold:
        /// the offsets answered right lie above the threshold as often as not).
        public let meanCents: Double
        public let count: Int
    }

    /// A discipline's estimate a week ago, to set beside today's.
    public struct WeeklyChange: Hashable, Sendable {
        /// The estimate from the trials before the last seven days; nil when every trial is newer.
        public let weekAgo: ThresholdEstimate?
        /// Trials in the last seven days (none: the estimate has not moved).
        public let trialsThisWeek: Int
    }

    /// The profile's running figures of the correct answers' |offset| (comparison) or the
    /// |error| (matching), per discipline with such values.
    public let statistics: [TrainingDiscipline: DisciplineStatistics]
    /// For the two comparison disciplines: reference notes with correct answers, lowest first.
    public let thresholdsByNote: [TrainingDiscipline: [NoteThreshold]]
    /// The threshold from every comparison trial and the spread of the matching errors, per
    /// discipline and register: the estimate every figure of the profile shows.
    public let thresholds: ThresholdProfile
    /// Per discipline with trials.
    public let weeklyChange: [TrainingDiscipline: WeeklyChange]
    /// Each discipline's estimate at the end of every session (at most about 60 points).
    public let history: ThresholdHistory
    /// The rhythm records' figures per tempo and side, and their history.
    public let rhythm: RhythmReport
    /// Interval disciplines: every directed interval (and tuning system) trained, in interval order;
    /// those in a tuning beyond the iOS app's two as well, estimated from their own trials only.
    public internal(set) var intervals: [TrainingDiscipline: [IntervalThreshold]] = [:]
    /// Per interval discipline and tuning beyond the iOS app's two, that tuning's own estimate
    /// (its trials are in none of the figures above but `intervals`), by discipline and name.
    public internal(set) var otherTunings: [OtherTuning] = []
    /// Per discipline with trials: the windows of `Window.lengths` days, shortest first.
    public internal(set) var windows: [TrainingDiscipline: [Window]] = [:]

    /// From records in memory, in any order (ties in time keep the order given); `now` places
    /// "a week ago".
    public init(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord],
                rhythm: RhythmReport = RhythmReport(detections: [], matchings: []), now: Date = Date()) {
        let trials = PitchTrial.inTimeOrder(comparisons: comparisons, matchings: matchings)
        var counter = ThresholdHistory.SessionCounter()
        for trial in trials { counter.add(trial.time) }
        var tally = ProfileTally(sessionCount: counter.sessions, now: now)
        for trial in trials { tally.add(trial) }
        self = tally.report(rhythm: rhythm)
    }

    init(statistics: [TrainingDiscipline: DisciplineStatistics], thresholdsByNote: [TrainingDiscipline: [NoteThreshold]],
         thresholds: ThresholdProfile, weeklyChange: [TrainingDiscipline: WeeklyChange], history: ThresholdHistory,
         rhythm: RhythmReport) {
        self.statistics = statistics
        self.thresholdsByNote = thresholdsByNote
        self.thresholds = thresholds
        self.weeklyChange = weeklyChange
        self.history = history
        self.rhythm = rhythm
    }

    /// No pitch trials, right or wrong, in any tuning (the rhythm ones are `rhythm.isEmpty`).
    public var isEmpty: Bool { thresholds.disciplines.isEmpty && otherTunings.isEmpty }

    /// Each discipline's estimate at the end of every session, as the SVG draws it.
    public func thresholdHistory() -> ThresholdHistory { history }

    /// Display names, in report order.
    static func title(of discipline: TrainingDiscipline) -> String {
        switch discipline {
        case .unisonComparison: "Unison comparison"
        case .intervalComparison: "Interval comparison"
        case .unisonMatching: "Unison matching"
        case .intervalMatching: "Interval matching"
        }
    }
}
