import PeachCore

extension TrainerPhase {
    /// What the trainer carries out after a transition, in the order given.
    enum Effect: Equatable, Sendable {
        /// Makes, announces and starts the session of `mode`; `switched`: it follows a switch
        /// (which the failure's reason says).
        case begin(TrainingMode, switched: Bool)
        case startSession
        /// Stops the session and waits until its loop ended (its final events are queued).
        case stopSession
        /// Posts `switchReady` behind the stopped session's events.
        case postSwitchReady
        /// Posts `endOfRun` behind everything queued: the run ends there.
        case endRun
        /// Posts `endOfRun` once the last trial's feedback has rung.
        case endAfterFeedback
        case cancelFeedbackWait
        /// The run ends with this failure.
        case fail(reason: String)
        /// Reports the session stopped (paused, when `problem` is nil).
        case reportStopped(problem: String?)
        case notice(String)
        /// `portLost`'s answer: restart the session when the ports are back.
        case restartWhenPortsReturn
        /// The run is over: no more inputs, no cue left sounding, the finish reported.
        case closeRoute
        case silenceCue
        case reportFinished
    }

    /// A transition's result: the next phase and what to carry out.
    struct Step: Equatable, Sendable {
        var phase: TrainerPhase
        var effects: [Effect] = []
    }
}
