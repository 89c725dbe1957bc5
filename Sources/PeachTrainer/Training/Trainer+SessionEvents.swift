import PeachCore

/// What the trainer does with its sessions' events, the same for every discipline: each
/// trial's reports, its cue and its count in the run; a session's end goes to the phase.
extension Trainer {
    func sessionEvent(_ event: TrialEvent, current: Bool) async {
        switch event {
        case .started(let start):
            start.count(in: &tally, standings: standings)
            route.update(settings: rig.controllerSettings())
            await presenter.present(.trialStarted(start, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.stateChanged(state, trial: tally.trialNumber))
        case .progress(let progress):
            await presenter.present(.trialProgress(progress, trial: tally.trialNumber))
        case .tuningMoved(let offset):
            await presenter.present(.trialProgress(MatchingAdjustment(offset: offset), trial: tally.trialNumber))
        case .completed(let completion):
            if let feedback { await completion.sound(on: feedback) }
            let result = completion.counted(in: &tally, standings: standings)
            await presenter.present(.trialCompleted(result, trial: tally.trialNumber))
            // The last trial's feedback still rings (the cue, the status line), but no next
            // trial starts; the run ends when the feedback is over.
            if let trialLimit, tally.completedTrials >= trialLimit { await apply(.trialLimitReached) }
        case .stopped(let reason):
            let stop: TrainerPhase.Stop = switch reason {
            case .requested, .trialBudgetSpent: .requested
            // Why, without "paused": the pause itself is reported as the user's is (`reportStopped`).
            case .unanswered(let trials): .unanswered(problem: "nothing played in the last \(trials) trials")
            case .failed(let error): .failed(problem: String(describing: error), fatal: rig.isFatal(error))
            }
            await apply(.sessionStopped(stop, current: current))
        }
    }
}
