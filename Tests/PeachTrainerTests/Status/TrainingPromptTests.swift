import PeachCore
import PeachRig
import PeachTerminal
import PeachTrainer
import Testing

@Suite("TrainingPrompt")
struct TrainingPromptTests {
    @Test("with the computer's keys: arrows, Enter, space; no iOS word (touch)")
    func keys() {
        #expect(TrainingPrompt.answer.text == "higher or lower? ↑/↓")
        #expect(TrainingPrompt.moveToStart.text == "←/→ starts the note")
        #expect(TrainingPrompt.tune.text == "tune (←/→), then Enter")
        #expect(TrainingPrompt.paused.text == "paused — space to go on")
        for prompt in TrainingPrompt.allCases { #expect(!prompt.text.contains("touch"), "\(prompt)") }
    }

    @Test("the default controller: a key above or below the target note, which the prompt names; the mod wheel tunes; sustain pedal or any key")
    func defaultController() {
        let controls = AnswerControls(controller: .default)
        #expect(TrainingPrompt.answer.text(controls: controls, target: 67) == "higher or lower? key above/below G4")
        #expect(TrainingPrompt.answer.text(controls: controls, target: nil) == "higher or lower? key above/below the target")
        #expect(TrainingPrompt.moveToStart.text(controls: controls, target: 67) == "mod wheel starts the note")
        #expect(TrainingPrompt.tune.text(controls: controls, target: 67) == "tune (mod wheel), then sustain pedal or any key")
        #expect(TrainingPrompt.paused.text(controls: controls, target: nil) == "paused — space or sustain pedal held 2 s to go on")
    }

    @Test("a mapped controller: its own buttons, encoder, pitch wheel and start/stop control")
    func mappedController() throws {
        let settings = try ControllerSettings(
            comparisonMode: .explicit, higher: ControllerButton(parsing: "cc:20"), lower: ControllerButton(parsing: "note:C5"),
            tuning: TuningControl(parsing: "encoder:16:twosComplement:0.5"), commit: [.button(.sustainPedal)],
            commands: [.startStop: ControllerButton(parsing: "cc:21")])
        let controls = AnswerControls(controller: settings)
        #expect(TrainingPrompt.answer.text(controls: controls, target: 60) == "higher (CC 20 button) or lower (key C5)?")
        #expect(TrainingPrompt.tune.text(controls: controls, target: nil) == "tune (encoder CC 16), then sustain pedal")
        #expect(TrainingPrompt.paused.text(controls: controls, target: nil)
            == "paused — space or CC 21 button or sustain pedal held 2 s to go on")
        let noHold = AnswerControls(controller: try ControllerSettings(commands: [.startStop: ControllerButton(parsing: "cc:21")],
                                                                       holdStartStop: nil))
        #expect(TrainingPrompt.paused.text(controls: noHold, target: nil) == "paused — space or CC 21 button to go on")
        let wheel = AnswerControls(controller: try ControllerSettings(tuning: TuningControl(parsing: "pitchWheelRate:50")))
        #expect(TrainingPrompt.moveToStart.text(controls: wheel, target: nil) == "pitch wheel starts the note")
    }

    @Test("the status line names the target note of the trial in comparison with a controller")
    func statusLineTarget() {
        let status = TrainingStatus(mode: .comparison, trial: 2,
                                    question: TrialQuestion(interval: .prime, reference: 64, target: 64), prompt: .answer,
                                    controls: AnswerControls(controller: .default))
        #expect(StatusLineRenderer(colors: false).render(status, width: 79) == "comparison · trial 2 · higher or lower? key above/below E4")
    }
}
