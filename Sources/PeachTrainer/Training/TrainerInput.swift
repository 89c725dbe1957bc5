import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig

/// Everything the trainer acts on, in the one order it happened: the trainer reads these from
/// one stream and handles each to completion before it looks at the next.
enum TrainerInput: Sendable {
    /// From a controller or the terminal's keys; `number` counts the route's commands (see
    /// `InputRoute.commandsDone(through:)`).
    case command(TrainingCommand, number: Int)
    /// A port came or went (the System Announce port, read with the controller's events).
    case announcement(SequencerAnnouncement)
    /// What a session published; `generation` says which session (one per mode switch).
    case session(generation: Int, TrialEvent)
    /// The latest tuning movement of a session, if no later event took it along (see `TuningReports`).
    case tuningReport(TuningReports, Int)
    /// A signal, or `finish()`: end the run.
    case finish
    /// Behind a stopped session's last events: the next mode may start now.
    case switchReady
    /// Behind the last events of the run: report its end.
    case endOfRun
    /// The process is about to stop (Ctrl-Z): pause as start/stop would, so no note sounds on
    /// while it is stopped; `done` is called once the pause is reported.
    case suspend(done: @Sendable () -> Void)
    /// Calls the function when the trainer gets here, behind everything posted before.
    case call(@Sendable () -> Void)
}
