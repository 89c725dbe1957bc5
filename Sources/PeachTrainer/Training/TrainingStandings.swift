import PeachCore

/// Where the listener stands, read right after a trial (the profile and the threshold
/// estimates have just taken its record): for the status line and the run's summary.
public protocol TrainingStandings: Sendable {
    /// A pitch discipline's trend and threshold estimate.
    func standing(of discipline: TrainingDiscipline) -> DisciplineStanding
    /// The standing of interval trials in `tuning`, kept apart beyond the iOS app's two tunings.
    func standing(of discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> DisciplineStanding
    /// The profile's statistics of a rhythm tempo and side.
    func statistics(of key: RhythmProfileKey) -> DisciplineStatistics?
}

/// Nothing known yet: a run without a profile (tests, a first run's fakes).
public struct NoStandings: TrainingStandings {
    public init() {}
    public func standing(of discipline: TrainingDiscipline) -> DisciplineStanding { DisciplineStanding() }
    public func statistics(of key: RhythmProfileKey) -> DisciplineStatistics? { nil }
}

extension TrainingStandings {
    public func standing(of discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> DisciplineStanding {
        standing(of: discipline)
    }
}
