import Foundation

/// A meantone third and an equal-tempered third are different stimuli: interval trials in a
/// tuning beyond the iOS app's two keep statistics of their own, per tuning, beside the
/// discipline's (which stays the iOS app's: equal temperament and just intonation together).
/// Unison trials are the same question in every tuning and stay in their discipline.
extension PerceptualProfile {
    /// The name the statistics of `discipline` in `tuning` are kept under; nil where they go
    /// into the discipline itself.
    public static func tunedDisciplineName(_ discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> String? {
        guard tuning.system == nil, discipline == .intervalComparison || discipline == .intervalMatching else { return nil }
        return apartDisciplineName(discipline, tuning: tuning.rawValue)
    }

    /// The name of `discipline`'s statistics in a tuning kept apart, by the tuning's stored name
    /// (a pass over stored rows knows which rows are apart without making identifiers).
    public static func apartDisciplineName(_ discipline: TrainingDiscipline, tuning: String) -> String {
        "\(discipline.rawValue) in \(tuning)"
    }

    public func statistics(for discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> DisciplineStatistics? {
        guard let name = Self.tunedDisciplineName(discipline, in: tuning) else { return statistics(for: discipline) }
        return statistics(forDisciplineNamed: name)
    }

    /// Where a session in `tuning` starts: its own mean there, else (no trials in it yet) the
    /// discipline's, which an ear trained in equal temperament brings along.
    public func mean(for discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> Double? {
        statistics(for: discipline, in: tuning)?.mean ?? mean(for: discipline)
    }

    /// Adds one sample of a pitch record to where its tuning keeps it.
    public func add(_ value: Double, at time: Date, to discipline: TrainingDiscipline, in tuning: TuningIdentifier) {
        if let name = Self.tunedDisciplineName(discipline, in: tuning) {
            add(value, at: time, toDisciplineNamed: name)
        } else {
            add(value, at: time, to: discipline)
        }
    }
}
