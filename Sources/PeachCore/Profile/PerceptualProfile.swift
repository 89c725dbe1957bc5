import Foundation
import Synchronization

/// Where the listener stands in each discipline. Fed by completed trials (it is an observer of
/// every session) or rebuilt from stored records at start-up, which gives the same result.
///
/// Comparison contributes |cent offset| of correct answers only (a wrong answer says the
/// difference was too small, not how large the threshold is); matching contributes |userCentError|.
public final class PerceptualProfile: Sendable {
    /// The pitch disciplines' (PerceptualProfile+Snapshot reads and sets them whole).
    let accumulators = Mutex<[TrainingDiscipline: DisciplineAccumulator]>([:])
    /// Rhythm statistics per discipline, tempo and side of the beat (PerceptualProfile+Rhythm).
    let rhythmAccumulators = Mutex<[RhythmProfileKey: DisciplineAccumulator]>([:])
    /// Disciplines added after these, each under its own name (PerceptualProfile+Named).
    let namedAccumulators = Mutex<[String: DisciplineAccumulator]>([:])

    public init() {}

    /// Builds the profile from stored records, in timestamp order whatever order they come in.
    public convenience init(comparisons: some Sequence<PitchComparisonRecord>, matchings: some Sequence<PitchMatchingRecord>) {
        self.init()
        var samples: [(Date, TrainingDiscipline, TuningIdentifier, Double)] = []
        for record in comparisons where record.isCorrect {
            samples.append((record.timestamp, record.discipline, record.tuningSystem, abs(record.centOffset.rawValue)))
        }
        for record in matchings {
            samples.append((record.timestamp, record.discipline, record.tuningSystem, abs(record.userCentError.rawValue)))
        }
        samples.sort { $0.0 < $1.0 }
        for (time, discipline, tuning, value) in samples { add(value, at: time, to: discipline, in: tuning) }
    }

    public func statistics(for discipline: TrainingDiscipline) -> DisciplineStatistics? {
        accumulators.withLock { $0[discipline]?.statistics }
    }

    public func mean(for discipline: TrainingDiscipline) -> Double? {
        statistics(for: discipline)?.mean
    }

    /// Adds one stored comparison, as a completed trial would. A rebuild that streams records
    /// instead of collecting them must give each kind in timestamp order (ties in the order they
    /// were stored): each discipline's statistics come from one kind only, and follow its order.
    public func add(_ record: PitchComparisonRecord) {
        guard record.isCorrect else { return }
        add(abs(record.centOffset.rawValue), at: record.timestamp, to: record.discipline, in: record.tuningSystem)
    }

    /// Adds one stored matching; in timestamp order, as for comparisons.
    public func add(_ record: PitchMatchingRecord) {
        add(abs(record.userCentError.rawValue), at: record.timestamp, to: record.discipline, in: record.tuningSystem)
    }

    /// Adds one sample as a stored record yields it: a correct comparison's |cent offset| or a
    /// matching's |error|. A rebuild streaming samples gives each discipline's in time order.
    public func add(_ value: Double, at time: Date, to discipline: TrainingDiscipline) {
        accumulators.withLock { $0[discipline, default: DisciplineAccumulator()].add(value, at: time) }
    }
}

/// Lets a session start from where the listener stands without knowing the profile's type.
public protocol ProfileMeanProviding: Sendable {
    func mean(for discipline: TrainingDiscipline) -> Double?
    /// The mean for trials in `tuning` (see PerceptualProfile+Tunings).
    func mean(for discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> Double?
}

extension ProfileMeanProviding {
    public func mean(for discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> Double? { mean(for: discipline) }
}

extension PerceptualProfile: ProfileMeanProviding {}

extension PerceptualProfile: PitchComparisonObserver {
    public func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        add(record)
    }
}

extension PerceptualProfile: PitchMatchingObserver {
    public func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        add(record)
    }
}

extension PerceptualProfile: TrainingDataResetting {
    public func resetAllTrainingData() async throws {
        accumulators.withLock { $0.removeAll() }
        rhythmAccumulators.withLock { $0.removeAll() }
        namedAccumulators.withLock { $0.removeAll() }
    }
}
