import Foundation
import Synchronization

/// The threshold estimate of each discipline kept up to date while training: built from the
/// stored records at start-up, then fed every completed trial (it observes both sessions), so
/// the status line can show the estimate and its interval after each trial.
///
/// The fit looks at the latest `window` trials of a discipline only: older ones weigh less
/// than 2⁻¹⁰ after recency weighting, and leaving them out keeps each refit to a few
/// milliseconds however long the history. `peach profile` fits them all; the two agree to
/// well within the interval.
public final class LiveThresholds: PitchComparisonObserver, PitchMatchingObserver, TrainingDataResetting, Sendable {
    /// Per discipline, and for interval trials in a tuning beyond the iOS two per tuning too
    /// (PerceptualProfile+Tunings): a tempered third is another stimulus.
    private let windows: Mutex<LiveTrialWindows>
    private let weighting: RecencyWeighting
    private let window: Int

    /// Records in any order: each discipline's are put in time order.
    public convenience init(comparisons: some Sequence<PitchComparisonRecord> = [],
                            matchings: some Sequence<PitchMatchingRecord> = [], weighting: RecencyWeighting = .standard) {
        var windows = LiveTrialWindows(length: Self.window(for: weighting))
        for record in ThresholdProfile.inTimeOrder(Array(comparisons), \.timestamp) {
            windows.addComparison(.init(record.discipline, record.tuningSystem), offset: record.centOffset.rawValue,
                                  isCorrect: record.isCorrect)
        }
        for record in ThresholdProfile.inTimeOrder(Array(matchings), \.timestamp) {
            windows.addMatching(.init(record.discipline, record.tuningSystem), error: record.userCentError.rawValue)
        }
        self.init(windows: windows, weighting: weighting)
    }

    /// From the latest trials as a store keeps them (`LiveTrialWindows`); their `length` must be
    /// at least `weighting`'s window, or the fit would see fewer trials than the records hold.
    public init(windows: LiveTrialWindows, weighting: RecencyWeighting = .standard) {
        self.weighting = weighting
        window = Self.window(for: weighting)
        self.windows = Mutex(windows.length == window ? windows : windows.shortened(to: window))
    }

    /// How many of a discipline's latest trials the fit looks at: ten half-lives.
    public static func window(for weighting: RecencyWeighting) -> Int {
        weighting.halfLife.isFinite ? Int(weighting.halfLife * 10) : Int.max
    }

    /// The estimate from the discipline's trials so far; nil before its first.
    public func estimate(for discipline: TrainingDiscipline) -> ThresholdEstimate? {
        estimate(for: discipline, in: .equalTemperament)
    }

    /// The estimate from the discipline's trials in `tuning` (the same as the discipline's for
    /// unisons and the iOS app's two tunings).
    public func estimate(for discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> ThresholdEstimate? {
        let key = LiveTrialWindows.Key(discipline, tuning)
        if discipline.isComparison {
            guard let answers = windows.withLock({ $0.comparisons[key] }) else { return nil }
            let latest = answers.suffix(window)
            return ThresholdFit.estimate(zip(latest, weighting.weights(count: latest.count)).map { answer, weight in
                ComparisonObservation(offset: answer.offset, isCorrect: answer.isCorrect, weight: weight)
            })
        }
        guard let errors = windows.withLock({ $0.matchings[key] }) else { return nil }
        let latest = errors.suffix(window)
        return MatchingSpreadFit.estimate(errors: zip(latest, weighting.weights(count: latest.count)).map { (error: $0, weight: $1) })?
            .spread
    }

    public func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        windows.withLock {
            $0.addComparison(.init(record.discipline, record.tuningSystem), offset: record.centOffset.rawValue,
                             isCorrect: record.isCorrect)
        }
    }

    public func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        windows.withLock { $0.addMatching(.init(record.discipline, record.tuningSystem), error: record.userCentError.rawValue) }
    }

    public func resetAllTrainingData() async throws {
        windows.withLock { $0 = LiveTrialWindows(length: $0.length) }
    }
}
