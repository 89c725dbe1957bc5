import PeachCore

extension TrainerPhase {
    /// The trainer's whole lifecycle, as one table: the phase `input` leads to from `phase`,
    /// and what to carry out. Pure: the trainer actor performs the effects. A pair not named
    /// below changes nothing and does nothing.
    /// - Parameter mode: the current session's mode (a switch goes to the one after it).
    static func transition(from phase: TrainerPhase, on input: Input, mode: TrainingMode) -> Step {
        // Only the loop of a running session needs stopping; any other has ended already.
        let stopping: [Effect] = phase == .running ? [.stopSession] : []
        let unchanged = Step(phase: phase)
        switch (phase, input) {
        case (.idle, .begin):
            return Step(phase: .running, effects: [.begin(mode, switched: false)])
        case (_, .runEnded):
            return Step(phase: .finishing, effects: [.cancelFeedbackWait, .closeRoute] + stopping + [.silenceCue, .reportFinished])
        case (.finishing, .finish):
            // A signal during the last trial's feedback: the run ends now.
            return Step(phase: .finishing, effects: [.cancelFeedbackWait, .endRun])
        case (_, .finish):
            return Step(phase: .finishing, effects: stopping + [.endRun])
        case (_, .sessionStopped(let stop, let current)):
            return stopped(stop, current: current, in: phase)
        case (_, .portLost(let notice)):
            return portLost(notice, in: phase)
        case (.stalled, .portsReturned(restart: true)):
            return Step(phase: .running, effects: [.notice("all ports are back; training goes on"), .startSession])
        case (_, .portsReturned(let restart)):
            return Step(phase: phase, effects: [.notice("all ports are back" + (restart ? "; training goes on" : ""))])
        case (.idle, _), (.finishing, _):
            // No session yet, or none again: commands and the session's news change nothing.
            return unchanged
        case (_, .beginFailed(let reason)):
            return Step(phase: .finishing, effects: [.fail(reason: reason), .endRun])
        case (_, .command(let command)):
            return commanded(command, in: phase, mode: mode) ?? unchanged
        case (.switching(let next), .switchReady):
            return Step(phase: .running, effects: [.begin(next, switched: true)])
        case (.running, .suspend):
            return Step(phase: .paused, effects: [.stopSession])  // reported as stopped without a problem
        case (_, .trialLimitReached):
            // The last trial's feedback still rings, but no next trial starts.
            return Step(phase: .finishing, effects: stopping + [.endAfterFeedback])
        case (_, .begin), (_, .switchReady), (_, .suspend):
            return unchanged
        }
    }

    /// A command in a phase with a session; nil: ignored.
    private static func commanded(_ command: TrainingCommand, in phase: TrainerPhase, mode: TrainingMode) -> Step? {
        let stopping: [Effect] = phase == .running ? [.stopSession] : []
        switch (command, phase) {
        case (.quit, _):
            return Step(phase: .finishing, effects: stopping + [.endRun])
        case (.startStop, .running):
            return Step(phase: .paused, effects: [.stopSession])  // reported as stopped without a problem
        case (.startStop, .paused):
            return Step(phase: .running, effects: [.notice("training goes on"), .startSession])
        case (.startStop, .stalled):
            // Nothing runs to stop; the session waits for start/stop now, not for the ports.
            return Step(phase: .paused)
        case (.nextMode, .switching(let pending)):
            // A second switch before the first is done: it goes one mode further.
            return Step(phase: .switching(to: pending.next))
        case (.nextMode, _):
            return Step(phase: .switching(to: mode.next), effects: stopping + [.postSwitchReady])
        case (.startStop, _):
            return nil
        }
    }

    private static func stopped(_ stop: Stop, current: Bool, in phase: TrainerPhase) -> Step {
        switch stop {
        case .requested:
            // Stopped by the trainer: a pause, a switch or a lost port says so; the end does not.
            return Step(phase: phase, effects: phase == .finishing ? [] : [.reportStopped(problem: nil)])
        case .unanswered(let problem):
            // Nobody played (a session whose trials run on their own, as clicks do): paused, as if the user
            // had paused, saying why; start/stop goes on.
            let paused = current && [.running, .stalled(endedByFailure: false), .stalled(endedByFailure: true)].contains(phase)
            return Step(phase: paused ? .paused : phase, effects: [.reportStopped(problem: problem)])
        case .failed(let problem, let fatal):
            let report = Effect.reportStopped(problem: problem)
            guard current else { return Step(phase: phase, effects: [report]) }
            if fatal, phase != .finishing { return Step(phase: .finishing, effects: [report, .fail(reason: "training stopped: \(problem)"), .endRun]) }
            switch phase {
            case .running, .stalled: return Step(phase: .stalled(endedByFailure: true), effects: [report])
            default: return Step(phase: phase, effects: [report])
            }
        }
    }

    private static func portLost(_ notice: String, in phase: TrainerPhase) -> Step {
        switch phase {
        case .running:
            return Step(phase: .stalled(endedByFailure: false), effects: [.notice(notice), .stopSession, .restartWhenPortsReturn])
        case .stalled(endedByFailure: true):
            // The session ended of this same loss (its player lost the output first).
            return Step(phase: phase, effects: [.notice(notice), .restartWhenPortsReturn])
        default:
            return Step(phase: phase, effects: [.notice(notice)])
        }
    }
}
