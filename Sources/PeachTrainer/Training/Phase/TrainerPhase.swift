import PeachCore

/// Where the trainer's run is: the one state its lifecycle has, instead of a flag per aspect.
/// The trainer moves between phases only through `transition(from:on:mode:)`, and publishes
/// each new phase to its input route, which decides from it alone what an input may reach.
enum TrainerPhase: Equatable, Sendable {
    /// `run` has not started the first session (nor will it, if `finish()` came first).
    case idle
    /// The session's loop runs.
    case running
    /// Stopped by start/stop, a suspend or nobody playing: start/stop (or a tap) goes on.
    case paused
    /// Stopped by a lost port, or ended on its own for a reason that is not fatal: the hot-plug
    /// supervisor restarts it when every port is back. `endedByFailure`: it ended on its own
    /// (so a port lost now is what it ended of, and it restarts when the ports return).
    case stalled(endedByFailure: Bool)
    /// The last session is stopping; `mode` starts once its final events are reported.
    case switching(to: TrainingMode)
    /// The run is ending: no session runs again, commands are ignored.
    case finishing

    /// Whether the route hands inputs to the session: it is there, running or waiting to go on.
    /// In the other phases it is gone (or not yet made), and only commands are mapped.
    var holdsSession: Bool {
        switch self {
        case .running, .paused, .stalled: true
        case .idle, .switching, .finishing: false
        }
    }
}
