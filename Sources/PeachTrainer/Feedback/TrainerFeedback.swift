import PeachCore
import PeachRig

/// The audible answer to an answer: the cue and which of its notes says what.
public struct TrainerFeedback: Sendable {
    public let cue: any FeedbackCuePlaying
    public let settings: FeedbackCueSettings

    public init(cue: any FeedbackCuePlaying, settings: FeedbackCueSettings) {
        self.cue = cue
        self.settings = settings
    }

    func comparisonCompleted(correct: Bool) async {
        await cue.play(settings.note(correct: correct))
    }

    func matchingCompleted(error: Cents) async {
        await cue.play(settings.note(matchError: error))
    }

    /// Rhythm's cue is its reaction: it leaves from the reader thread as the answer is judged
    /// (right or wrong) or the tap counted (near the beat or not).
    var judged: @Sendable (Bool) -> Void {
        { [cue, settings] correct in cue.playNow(settings.note(correct: correct)) }
    }

    func silence() async {
        await cue.silence()
    }
}
