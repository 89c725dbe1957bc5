import PeachCore

extension TrainerPhase {
    /// What moves the trainer from one phase to another: its commands, signals and port news,
    /// and the lifecycle events of its sessions (not their trials, which change no phase).
    enum Input: Equatable, Sendable {
        /// `run` starts the first session.
        case begin
        /// The session of a `begin` effect could not be made; `reason` ends the run.
        case beginFailed(reason: String)
        case command(TrainingCommand)
        /// A signal or `finish()`.
        case finish
        /// The stopped session's final events are reported: the switch may start the next one.
        case switchReady
        /// The process is about to stop (Ctrl-Z).
        case suspend
        /// A session's loop ended; `current`: it is the latest session (not one a switch left).
        case sessionStopped(Stop, current: Bool)
        /// The run's trial limit is reached by a completed trial.
        case trialLimitReached
        /// A watched port went; `notice` says which.
        case portLost(notice: String)
        /// Every watched port is back (and reconnected); `restart`: the supervisor was told to.
        case portsReturned(restart: Bool)
        /// `run` is over (its stream ended or `endOfRun` came): let go of everything.
        case runEnded
    }

    /// Why a session's loop ended, as far as the phase cares.
    enum Stop: Equatable, Sendable {
        case requested
        /// Nobody played; `problem` says so.
        case unanswered(problem: String)
        /// The player or an observer failed; `fatal`: the run cannot go on from it.
        case failed(problem: String, fatal: Bool)
    }
}
