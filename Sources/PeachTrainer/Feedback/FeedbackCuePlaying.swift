import PeachCore
import PeachRig

/// Sounds the short cue after an answer (see `FeedbackCueSettings`).
public protocol FeedbackCuePlaying: Sendable {
    func play(_ note: MIDINote) async
    /// Silences the cue channel, on exit.
    func silence() async
}
