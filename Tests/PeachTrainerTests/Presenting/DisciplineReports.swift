import PeachCore
import PeachTrainer

/// The reports of each discipline by name, as the presenter tests build them: each wraps the
/// discipline's trial news in the report's one trial case of its kind.
extension TrainingReport {
    static func comparisonTrialStarted(_ trial: PitchComparisonTrial, trial number: Int) -> TrainingReport {
        .trialStarted(trial, trial: number)
    }

    static func comparisonStateChanged(_ state: PitchComparisonState, trial: Int) -> TrainingReport {
        .stateChanged(state, trial: trial)
    }

    static func comparisonCompleted(_ record: PitchComparisonRecord, trial: Int, sessionBest: Cents?,
                                    standing: DisciplineStanding) -> TrainingReport {
        .trialCompleted(PitchComparisonResult(record: record, sessionBest: sessionBest, standing: standing), trial: trial)
    }

    static func matchingTrialStarted(_ trial: PitchMatchingTrial, trial number: Int) -> TrainingReport {
        .trialStarted(trial, trial: number)
    }

    static func matchingStateChanged(_ state: PitchMatchingState, trial: Int) -> TrainingReport {
        .stateChanged(state, trial: trial)
    }

    static func matchingAdjusted(offset: Cents, trial: Int) -> TrainingReport {
        .trialProgress(MatchingAdjustment(offset: offset), trial: trial)
    }

    static func matchingCompleted(_ record: PitchMatchingRecord, trial: Int, sessionBest: Cents?,
                                  standing: DisciplineStanding) -> TrainingReport {
        .trialCompleted(PitchMatchingResult(record: record, sessionBest: sessionBest, standing: standing), trial: trial)
    }

    static func rhythmOffsetDetectionTrialStarted(_ trial: RhythmOffsetDetectionTrial, trial number: Int) -> TrainingReport {
        .trialStarted(trial, trial: number)
    }

    static func rhythmOffsetDetectionStateChanged(_ state: RhythmOffsetDetectionState, trial: Int) -> TrainingReport {
        .stateChanged(state, trial: trial)
    }

    static func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, trial: Int,
                                               statistics: DisciplineStatistics?) -> TrainingReport {
        .trialCompleted(RhythmOffsetDetectionResult(record: record, statistics: statistics), trial: trial)
    }

    static func rhythmMatchingTrialStarted(_ trial: RhythmMatchingTrial, trial number: Int) -> TrainingReport {
        .trialStarted(trial, trial: number)
    }

    static func rhythmMatchingStateChanged(_ state: RhythmMatchingState, trial: Int) -> TrainingReport {
        .stateChanged(state, trial: trial)
    }

    static func rhythmMatchingTapMissed(trial: Int) -> TrainingReport {
        .trialProgress(RhythmTapMissed(), trial: trial)
    }

    static func rhythmMatchingTapOutside(_ offset: RhythmOffset, trial: Int) -> TrainingReport {
        .trialProgress(RhythmTapOutside(offset: offset), trial: trial)
    }

    static func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, trial: Int,
                                        statistics: DisciplineStatistics?) -> TrainingReport {
        .trialCompleted(RhythmMatchingResult(record: record, statistics: statistics), trial: trial)
    }
}
