import PeachCore

/// Interval trials in a tuning beyond the iOS app's two (issue 32): a meantone third is another
/// stimulus than an equal-tempered one, so they stay out of their discipline's figures (which
/// stay the iOS app's: equal temperament and just intonation together) and each tuning gets its
/// own estimate, beside its intervals in `intervals`.
extension ProfileReport {
    /// One interval discipline in one tuning beyond the iOS two: the estimate from all its trials.
    public struct OtherTuning: Hashable, Sendable {
        public let discipline: TrainingDiscipline
        /// The stored name (`meantone-1/4`, `scala:…#…`), as `IntervalThreshold.tuningSystem`.
        public let tuningSystem: String
        public let trials: Int
        /// The estimate (and a matching's bias) from every trial in the tuning; no registers.
        public let threshold: DisciplineThreshold?

        /// What a person reads: the built-in's name, a Scala scale's description.
        public var tuningName: String { (try? TuningIdentifier(rawValue: tuningSystem))?.name ?? tuningSystem }

        /// "Interval comparison in werckmeister-iii".
        public var title: String { "\(ProfileReport.title(of: discipline)) in \(tuningName)" }
    }

    /// Whether an interval item belongs to its discipline's own figures (the iOS app's two tunings).
    static func isPooled(_ item: IntervalThreshold) -> Bool { TuningSystem(rawValue: item.tuningSystem) != nil }

    /// The discipline's intervals in the iOS app's two tunings, which its own figures pool.
    func pooledIntervals(of discipline: TrainingDiscipline) -> [IntervalThreshold] {
        (intervals[discipline] ?? []).filter(Self.isPooled)
    }

    /// The intervals trained in `other`'s discipline and tuning.
    func intervals(in other: OtherTuning) -> [IntervalThreshold] {
        (intervals[other.discipline] ?? []).filter { $0.tuningSystem == other.tuningSystem }
    }
}
