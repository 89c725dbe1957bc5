import PeachCore

/// What the trainer does with its sessions' events: each trial's reports, its cue and its
/// count in the run; a session's end goes to the phase.
extension Trainer {
    /// A tap this near the beat (percent of a sixteenth) gets the positive cue: about 6 ms at
    /// 120 BPM, the offset listeners begin to hear (Friberg & Sundberg 1995).
    static let rhythmNearPercent = 5.0

    func sessionEvent(_ event: SessionEvent, current: Bool) async {
        switch event {
        case .comparison(let event): await comparisonEvent(event, current: current)
        case .matching(let event): await matchingEvent(event, current: current)
        case .rhythmOffsetDetection(let event): await rhythmOffsetDetectionEvent(event, current: current)
        case .rhythmMatching(let event): await rhythmMatchingEvent(event, current: current)
        }
    }

    private func rhythmOffsetDetectionEvent(_ event: RhythmOffsetDetectionEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            tally.trialStarted()
            route.update(settings: rig.controllerSettings())
            await presenter.present(.rhythmOffsetDetectionTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.rhythmOffsetDetectionStateChanged(state, trial: tally.trialNumber))
        case .trialCompleted(let record):
            // The cue already sounded when the answer was judged (the route's judgedCue).
            tally.rhythmTrialCompleted(.offsetDetection, at: record.tempo) { $0.correct += record.isCorrect ? 1 : 0 }
            await presenter.present(.rhythmOffsetDetectionCompleted(record, trial: tally.trialNumber,
                                                                    statistics: standings.statistics(of: record.profileKey)))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    private func rhythmMatchingEvent(_ event: RhythmMatchingEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            tally.trialStarted()
            route.update(settings: rig.controllerSettings())
            await presenter.present(.rhythmMatchingTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.rhythmMatchingStateChanged(state, trial: tally.trialNumber))
        case .tapMissed:
            await presenter.present(.rhythmMatchingTapMissed(trial: tally.trialNumber))
        case .tapOutsideWindow(let offset):
            await presenter.present(.rhythmMatchingTapOutside(offset, trial: tally.trialNumber))
        case .trialCompleted(let record):
            let percent = record.userOffset.percentOfSixteenth(at: record.tempo)
            // The cue already sounded when the tap was counted (the route's judgedCue).
            tally.rhythmTrialCompleted(.matching, at: record.tempo) {
                $0.signedPercents += percent
                $0.absolutePercents += abs(percent)
            }
            await presenter.present(.rhythmMatchingCompleted(record, trial: tally.trialNumber,
                                                             statistics: standings.statistics(of: record.profileKey)))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    private func comparisonEvent(_ event: PitchComparisonEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            let discipline = TrainingDiscipline.comparison(for: trial.interval.interval)
            tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
            route.update(settings: rig.controllerSettings())
            await presenter.present(.comparisonTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.comparisonStateChanged(state, trial: tally.trialNumber))
        case .trialCompleted(let record, let best):
            await feedback?.comparisonCompleted(correct: record.isCorrect)
            let standing = standings.standing(of: record.discipline)
            tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
                $0.correct += record.isCorrect ? 1 : 0
            }
            await presenter.present(.comparisonCompleted(record, trial: tally.trialNumber, sessionBest: best,
                                                         standing: standing))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    private func matchingEvent(_ event: PitchMatchingEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            let discipline = TrainingDiscipline.matching(for: trial.interval.interval)
            tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
            route.update(settings: rig.controllerSettings())
            await presenter.present(.matchingTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.matchingStateChanged(state, trial: tally.trialNumber))
        case .tunableAdjusted(let offset):
            await presenter.present(.matchingAdjusted(offset: offset, trial: tally.trialNumber))
        case .trialCompleted(let record, let best):
            await feedback?.matchingCompleted(error: record.userCentError)
            let standing = standings.standing(of: record.discipline)
            tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
                $0.absoluteErrors += record.userCentError.magnitude.rawValue
            }
            await presenter.present(.matchingCompleted(record, trial: tally.trialNumber, sessionBest: best,
                                                       standing: standing))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    /// The last trial's feedback still rings (the cue, the status line), but no next trial
    /// starts; the run ends when the feedback is over.
    private func stopIfLimitReached() async {
        guard let trialLimit, tally.completedTrials >= trialLimit else { return }
        await apply(.trialLimitReached)
    }

    private func sessionStopped(_ reason: SessionStopReason, current: Bool) async {
        let stop: TrainerPhase.Stop = switch reason {
        case .requested: .requested
        case .unanswered: .unanswered(problem: reason.description)
        case .failed(let error): .failed(problem: String(describing: error), fatal: rig.isFatal(error))
        }
        await apply(.sessionStopped(stop, current: current))
    }
}
