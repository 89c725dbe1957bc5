import ALSASequencer

/// What the hot-plug supervisor drives: in the app, a session plus the sequencer connections
/// and the note player it uses.
public protocol HotPlugTarget: Sendable {
    /// A watched port disappeared: stop the session if it runs, discarding its unfinished trial.
    /// Returns whether to restart it when the ports are back: true if it was running, and also
    /// if it has just ended on its own because the player lost its output to this same loss.
    func portLost(_ message: String) async -> Bool

    /// Every watched port exists again, at these addresses: reconnect (and set up the synth
    /// again, e.g. `ALSANotePlayer.prepare()`), then restart the session if `restart`.
    func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws
}
