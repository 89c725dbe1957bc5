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
    private struct History {
        var comparisons: [PitchComparisonRecord] = []
        var matchings: [PitchMatchingRecord] = []
    }

    /// Per discipline, and for interval trials in a tuning beyond the iOS two per tuning too
    /// (PerceptualProfile+Tunings): a tempered third is another stimulus.
    private struct Key: Hashable {
        let discipline: TrainingDiscipline
        let tuning: TuningIdentifier?

        init(_ discipline: TrainingDiscipline, _ tuning: TuningIdentifier) {
            self.discipline = discipline
            self.tuning = PerceptualProfile.tunedDisciplineName(discipline, in: tuning) == nil ? nil : tuning
        }
    }

    private let histories = Mutex<[Key: History]>([:])
    private let weighting: RecencyWeighting
    private let window: Int

    /// Records in any order: each discipline's are put in time order.
    public init(comparisons: some Sequence<PitchComparisonRecord> = [], matchings: some Sequence<PitchMatchingRecord> = [],
                weighting: RecencyWeighting = .standard) {
        self.weighting = weighting
        window = Self.window(for: weighting)
        var histories: [Key: History] = [:]
        for record in comparisons { histories[Key(record.discipline, record.tuningSystem), default: History()].comparisons.append(record) }
        for record in matchings { histories[Key(record.discipline, record.tuningSystem), default: History()].matchings.append(record) }
        for key in histories.keys {
            histories[key]!.comparisons = Self.latest(histories[key]!.comparisons, window, \.timestamp)
            histories[key]!.matchings = Self.latest(histories[key]!.matchings, window, \.timestamp)
        }
        self.histories.withLock { $0 = histories }
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
        let history = histories.withLock { $0[Key(discipline, tuning)] }
        guard let history else { return nil }
        return discipline.isComparison
            ? ThresholdProfile.comparisonEstimate(Array(history.comparisons.suffix(window)), weighting)
            : ThresholdProfile.matchingFit(Array(history.matchings.suffix(window)), weighting)?.spread
    }

    public func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        let window = window
        histories.withLock { histories in
            let key = Key(record.discipline, record.tuningSystem)
            histories[key, default: History()].comparisons.append(record)
            Self.trim(&histories[key]!.comparisons, to: window)
        }
    }

    public func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        let window = window
        histories.withLock { histories in
            let key = Key(record.discipline, record.tuningSystem)
            histories[key, default: History()].matchings.append(record)
            Self.trim(&histories[key]!.matchings, to: window)
        }
    }

    public func resetAllTrainingData() async throws {
        histories.withLock { $0 = [:] }
    }

    /// In time order (ties keep the order given), the latest `count`.
    private static func latest<Record>(_ records: [Record], _ count: Int, _ time: KeyPath<Record, Date>) -> [Record] {
        Array(ThresholdProfile.inTimeOrder(records, time).suffix(count))
    }

    /// Drops the oldest in batches, so appending stays cheap on average.
    private static func trim<Record>(_ records: inout [Record], to count: Int) {
        if records.count > count + count / 4 { records.removeFirst(records.count - count) }
    }
}
