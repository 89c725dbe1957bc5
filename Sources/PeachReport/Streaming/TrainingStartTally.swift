import Foundation
import PeachCore

/// What `peach train` starts from, tallied from the pitch trials oldest first: the perceptual
/// profile's running figures (a tempered interval under its tuning's name, as a live session
/// adds it) and the latest trials of each live estimate. Part of `ProfileTally`, so the store
/// keeps it with the profile's tally, and a start reads only the trials after that (issue 30).
public struct TrainingStartTally {
    public private(set) var profile: PerceptualProfile
    public private(set) var live: LiveTrialWindows

    /// `weighting` sets how many trials each live estimate keeps (`LiveThresholds.window`).
    public init(weighting: RecencyWeighting) {
        profile = PerceptualProfile()
        live = LiveTrialWindows(length: LiveThresholds.window(for: weighting))
    }

    /// Goes on from what a store kept.
    public init(restoring part: ProfileTallySnapshot.TrainingPart) {
        profile = PerceptualProfile(part.profile)
        live = part.live
    }

    /// Adds the next trial: oldest first, ties in the order they were stored.
    public mutating func add(_ trial: PitchTrial) {
        // Kept apart (an interval in a tuning beyond the iOS two): under the tuning's name.
        let apart = trial.pooled ? nil : trial.tuningSystem
        let key = LiveTrialWindows.Key(trial.discipline, apartIn: apart)
        let sample: Double?
        switch trial.value {
        case .comparison(let offset, let isCorrect):
            live.addComparison(key, offset: offset, isCorrect: isCorrect)
            sample = isCorrect ? abs(offset) : nil
        case .matching(let error):
            live.addMatching(key, error: error)
            sample = abs(error)
        }
        guard let sample else { return }
        if let apart {
            profile.add(sample, at: trial.time,
                        toDisciplineNamed: PerceptualProfile.apartDisciplineName(trial.discipline, tuning: apart))
        } else {
            profile.add(sample, at: trial.time, to: trial.discipline)
        }
    }
}
