import PeachCore
import PeachRig

/// Sounds the short cue after an answer (see `FeedbackCueSettings`).
public protocol FeedbackCuePlaying: Sendable {
    func play(_ note: MIDINote) async
    /// The same, on the calling thread: for a reaction that leaves from the reader thread the
    /// moment the answer is judged (rhythm, where the cue is the only reaction there is).
    func playNow(_ note: MIDINote)
    /// Silences the cue channel, on exit.
    func silence() async
}
