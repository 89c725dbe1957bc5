import ALSASequencer
import PeachALSA
import PeachRig

/// What the trainer needs of the rig around it. The composition root implements it on the
/// sequencer client; tests on fakes.
public protocol TrainerRig: Sendable {
    /// The controller's port; events from elsewhere are ignored. Nil: the terminal's keys only.
    var controllerSource: SequencerAddress? { get }
    /// The synth's and the controller's names, said when a session starts.
    var portLabels: (output: String, input: String?) { get }
    /// The current mapping settings, re-read at every trial.
    func controllerSettings() -> ControllerSettings
    /// Now, on the clock the controller's events are stamped on: the pitch wheel's rate mode
    /// and a terminal key's tap are timed on it.
    func inputTime() -> UInt64?
    /// Whether a session failure ends the run (a lost synth does not: the hot-plug supervisor
    /// resumes training when it is back).
    func isFatal(_ error: any Error) -> Bool
    /// Subscribes to ports that came back and sets the synth up again.
    func reconnect(_ addresses: [PortRole: SequencerAddress]) async throws
}
