import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

@Suite("The status line with --focus weak")
struct StatusLineFocusTests {
    private let plain = StatusLineRenderer(colors: false)

    @Test("says what is focused and why, and is the first to go on a narrow line")
    func focusPart() {
        var status = TrainingStatus(mode: .intervalComparison, intervals: "P5u M3d", trial: 3,
                                    question: TrialQuestion(interval: DirectedInterval(.majorThird, .down), reference: 64, target: 60),
                                    difficulty: 8, prompt: .answer)
        status.focus = "major third down, your weakest"
        let wide = plain.render(status, width: 200)
        #expect(wide.contains(" · focus: major third down, your weakest · M3 down from E4 · "), "\(wide)")
        let narrow = plain.render(status, width: 60)
        #expect(!narrow.contains("focus"), "\(narrow)")
        status.focus = nil
        #expect(!plain.render(status, width: 200).contains("focus"))
    }
}
