import PeachCore
import PeachRig
import PeachTerminal
import PeachTrainer
import Testing

@Suite("Rhythm wording on the status line")
struct RhythmWordingTests {
    private let plain = StatusLineRenderer(colors: false)

    @Test("early or late with the default controller: which keys say early and which late, in words")
    func earlyOrLateKeys() {
        let controls = AnswerControls(controller: .default)
        #expect(TrainingPrompt.earlyOrLate.text(controls: controls, target: nil)
            == "early or late? a key below C4 = early, C4 and up = late")
    }

    @Test("a trial without a tap shows as the last result, labelled like every other")
    func missedTapIsLabelled() {
        let status = TrainingStatus(mode: .rhythmMatching, trial: 4, prompt: .tap, lastResult: .rhythmMissed)
        #expect(plain.render(status, width: 200) == "rhythm matching · trial 4 · tap the fourth (space) · last no tap")
        // Narrow, the label goes as other results' labels do; the words stay.
        #expect(plain.render(status, width: 31) == "tap the fourth (space) · no tap")
    }
}
