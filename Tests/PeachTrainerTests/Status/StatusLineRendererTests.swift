import PeachCore
import PeachRig
import PeachTerminal
import PeachTrainer
import Testing

@Suite("StatusLineRenderer")
struct StatusLineRendererTests {
    private let plain = StatusLineRenderer(colors: false)
    private let coloured = StatusLineRenderer(colors: true)

    private let answering = TrainingStatus(
        mode: .intervalComparison, intervals: "P5u M3d", trial: 3, difficulty: 12.5, prompt: .answer,
        lastResult: .comparison(correct: true, offset: -14.24), sessionBest: 10, trend: .improving)

    @Test("a comparison line holds mode, intervals, trial, difficulty, instruction, result, best and trend")
    func comparisonContent() {
        #expect(plain.render(answering, width: 200)
            == "interval comparison P5u M3d · trial 3 · detuned 12.5 c · higher or lower? ↑/↓ · last ✓ 14.2 c · finest 10.0 c · trend improving")
    }

    @Test("a wrong answer shows ✗; a notice comes last")
    func wrongAndNotice() {
        var status = TrainingStatus(mode: .comparison, trial: 9, difficulty: 3.05, prompt: .paused,
                                    lastResult: .comparison(correct: false, offset: 3.05),
                                    notice: "synth lost: waiting for FLUID Synth")
        status.intervals = "P5u"
        #expect(plain.render(status, width: 200)
            == "comparison · trial 9 · detuned 3.1 c · paused — space to go on · last ✗ 3.1 c · synth lost: waiting for FLUID Synth")
    }

    @Test("matching: the error as sharp or flat with near/far; no offset while tuning")
    func matchingContent() {
        let tuning = TrainingStatus(mode: .matching, trial: 2, prompt: .tune,
                                    lastResult: .matching(error: 2.1, near: true), sessionBest: 2.1, trend: .stable)
        #expect(plain.render(tuning, width: 200)
            == "matching · trial 2 · tune (←/→), then Enter · ended 2.1 c sharp (near) · closest 2.1 c · trend stable")
        let far = TrainingStatus(mode: .intervalMatching, intervals: "P5u", trial: 4, prompt: .feedback,
                                 lastResult: .matching(error: -31, near: false))
        #expect(plain.render(far, width: 200) == "interval matching P5u · trial 4 · ended 31.0 c flat (far)")
    }

    @Test("before the first trial only the mode and the instruction show")
    func initial() {
        #expect(plain.render(TrainingStatus(mode: .matching), width: 80) == "matching · starting…")
    }

    @Test("colours: green ✓, red ✗, dim separators and hints; none when disabled")
    func colours() {
        let line = coloured.render(answering, width: 200)
        #expect(line.contains("\u{1B}[32m✓ 14.2 c\u{1B}[0m"))
        #expect(line.contains("\u{1B}[2m · \u{1B}[0m"))
        #expect(line.contains("\u{1B}[2mfinest \u{1B}[0m"))
        var wrong = answering
        wrong.lastResult = .comparison(correct: false, offset: 1)
        #expect(coloured.render(wrong, width: 200).contains("\u{1B}[31m✗ 1.0 c\u{1B}[0m"))
        #expect(!plain.render(answering, width: 200).contains("\u{1B}"))
    }

    @Test("the visible text is the same with and without colours")
    func coloursOnlyAddStyle() {
        let stripped = coloured.render(answering, width: 200)
            .replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain.render(answering, width: 200))
    }

    /// Everything a comparison line can hold.
    private let full = TrainingStatus(
        mode: .intervalComparison, intervals: "P5u M3d", trial: 3,
        question: TrialQuestion(interval: .perfectFifthUp, reference: 60, target: 67), difficulty: 12.5, prompt: .answer,
        lastResult: .comparison(correct: true, offset: -14.24), sessionBest: 10, trend: .improving,
        threshold: ThresholdEstimate(kind: .interval, cents: 4.3, lower: 3.6, upper: 5.2, trials: 40, effectiveTrials: 38))

    @Test("at 80 columns the least important parts go and the result stays whole")
    func eightyColumns() {
        #expect(plain.render(full, width: 200) == "interval comparison · trial 3 · P5 up from C4 · detuned 12.5 c"
            + " · higher or lower? ↑/↓ · last ✓ 14.2 c · threshold 4.3 c (3.6–5.2) · finest 10.0 c · trend improving")
        // 79: the width of an 80-column terminal, one column spare.
        #expect(plain.render(full, width: 79) == "trial 3 · P5 up from C4 · detuned 12.5 c · higher or lower? ↑/↓ · last ✓ 14.2 c")
        #expect(plain.render(full, width: 119) == "interval comparison · trial 3 · P5 up from C4 · detuned 12.5 c"
            + " · higher or lower? ↑/↓ · last ✓ 14.2 c · threshold 4.3 c")
    }

    /// In the order they go.
    private static let leastImportantFirst = ["trend", "finest", "(3.6–5.2)", "interval comparison", "threshold",
                                              "trial 3", "detuned", "last"]

    @Test("a narrow line drops trend, best, the estimate's interval, the mode, the estimate, the trial number, the difficulty, the result's label; the question, prompt and result stay while they fit",
          arguments: Array(1...160))
    func reductionOrder(width: Int) {
        let line = plain.render(full, width: width)
        #expect(DisplayWidth.columns(of: line) <= width)
        #expect(!line.contains("\n") && !line.contains("\r"))
        let shown = Self.leastImportantFirst.map { line.contains($0) }
        for (index, isShown) in shown.enumerated() where isShown {
            #expect(shown[index...].allSatisfy { $0 }, "\(Self.leastImportantFirst[index]) stays while a more important part went: \(line)")
        }
        let essential = "P5 up from C4 · higher or lower? ↑/↓ · ✓ 14.2 c"
        if width >= DisplayWidth.columns(of: essential) {
            for part in ["P5 up from C4", "higher or lower? ↑/↓", "✓ 14.2 c"] { #expect(line.contains(part), "\(line)") }
            #expect(!line.hasSuffix("…"))
        } else if width >= DisplayWidth.columns(of: "P… · ✓ 14.2 c") {
            // The result's value stays whole; the question and the prompt before it are cut.
            #expect(line.hasSuffix("… · ✓ 14.2 c") && essential.hasPrefix(String(line.dropLast(12))), "\(line)")
        } else {
            #expect(line.hasSuffix("…") && essential.hasPrefix(String(line.dropLast())), "\(line)")
        }
    }

    @Test("after a resize to 60 columns the result keeps its value: the prompt before it is cut instead")
    func resultStaysWhole() {
        var matching = TrainingStatus(mode: .matching, trial: 7, prompt: .tune, lastResult: .matching(error: -0.9, near: true))
        matching.controls = AnswerControls(controller: .default)
        #expect(plain.render(matching, width: 200)
            == "matching · trial 7 · tune (mod wheel), then sustain pedal or any key · ended 0.9 c flat (near)")
        #expect(plain.render(matching, width: 59) == "tune (mod wheel), then sustain pedal o… · 0.9 c flat (near)")
        #expect(plain.render(full, width: 40) == "P5 up from C4 · higher or lo… · ✓ 14.2 c")
        let line = coloured.render(full, width: 40)
        #expect(line.hasSuffix("\u{1B}[32m✓ 14.2 c\u{1B}[0m"))
        #expect(line.replacing(/\x{1B}\[[0-9;]*m/, with: "") == plain.render(full, width: 40))
    }

    @Test("matching: the estimate's interval goes before the mode, the spread before the trial number")
    func matchingReduction() {
        let matching = TrainingStatus(
            mode: .intervalMatching, trial: 12, question: TrialQuestion(interval: .perfectFifthUp, reference: 55, target: 62),
            prompt: .tune, lastResult: .matching(error: -3.2, near: true), sessionBest: 0.8, trend: .stable,
            threshold: ThresholdEstimate(kind: .interval, cents: 3.1, lower: 2.5, upper: 4.0, trials: 40, effectiveTrials: 40))
        #expect(plain.render(matching, width: 200) == "interval matching · trial 12 · P5 up from G3 · tune (←/→), then Enter"
            + " · ended 3.2 c flat (near) · spread 3.1 c (2.5–4.0) · closest 0.8 c · trend stable")
        #expect(plain.render(matching, width: 99)
            == "trial 12 · P5 up from G3 · tune (←/→), then Enter · ended 3.2 c flat (near) · spread 3.1 c")
        #expect(plain.render(matching, width: 79) == "trial 12 · P5 up from G3 · tune (←/→), then Enter · ended 3.2 c flat (near)")
    }

    @Test("truncation counts ✓ and ↑ as one column each and wide characters as two")
    func truncationCountsColumns() {
        let status = TrainingStatus(mode: .comparison, prompt: .answer, notice: "合成器")
        let full = plain.render(status, width: 1000)
        // "comparison · higher or lower? ↑/↓ · 合成器": 33 + 3 + 6 columns, 40 characters.
        #expect(DisplayWidth.columns(of: full) == 42)
        #expect(plain.render(status, width: 42) == full)
        // Without the mode: "higher or lower? ↑/↓ · 合成器", 29 columns.
        #expect(plain.render(status, width: 41) == "higher or lower? ↑/↓ · 合成器")
        #expect(plain.render(status, width: 28) == "higher or lower? ↑/↓ · 合成…")
        #expect(plain.render(status, width: 27) == "higher or lower? ↑/↓ · 合…")
        #expect(plain.render(status, width: 20) == "higher or lower? ↑/…")
    }

    @Test("coloured truncation keeps the visible width and closes every colour")
    func colouredTruncation() {
        let line = coloured.render(full, width: 30)
        let visible = line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(visible == plain.render(full, width: 30))
        #expect(DisplayWidth.columns(of: visible) == 30)
        #expect(line.hasSuffix("\u{1B}[0m"))
    }

    @Test("a width below 1 gives an empty line")
    func noRoom() {
        #expect(plain.render(answering, width: 0) == "")
    }

    @Test("control characters in a notice cannot break the line")
    func noticeControlCharacters() {
        let status = TrainingStatus(mode: .comparison, notice: "a\nb\u{1B}[2Jc")
        #expect(plain.render(status, width: 80) == "comparison · starting… · a b [2Jc")
    }
}

@Suite("DisplayWidth and TerminalStyle")
struct DisplayWidthTests {
    @Test("columns of narrow, wide, combining and control characters")
    func columns() {
        #expect(DisplayWidth.columns(of: "abc") == 3)
        #expect(DisplayWidth.columns(of: "✓✗↑↓←→—…") == 8)
        #expect(DisplayWidth.columns(of: "合成") == 4)
        #expect(DisplayWidth.columns(of: "🎹") == 2)
        #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
        #expect(DisplayWidth.columns(of: "\u{1B}\t") == 0)
    }

    @Test("colours need a terminal, a TERM other than dumb and no non-empty NO_COLOR",
          arguments: [
              ([String: String](), true, true),
              (["TERM": "xterm-256color"], true, true),
              (["TERM": "xterm-256color"], false, false),
              (["TERM": "dumb"], true, false),
              (["NO_COLOR": "1"], true, false),
              (["NO_COLOR": ""], true, true),
          ])
    func colorsEnabled(environment: [String: String], isTerminal: Bool, expected: Bool) {
        #expect(TerminalStyle.colorsEnabled(environment: environment, isTerminal: isTerminal) == expected)
    }
}

@Suite("CentsText")
struct CentsTextTests {
    @Test("one decimal; signs with + and the minus sign; no negative zero")
    func formats() {
        #expect(CentsText.magnitude(-12.345) == "12.3 c")
        #expect(CentsText.magnitude(100) == "100.0 c")
        #expect(CentsText.signed(12.25) == "+12.3 c")
        #expect(CentsText.signed(-0.26) == "−0.3 c")
        #expect(CentsText.signed(-0.04) == "0.0 c")
        #expect(CentsText.magnitude(0.05) == "0.1 c")
    }

    @Test("a pitch against its target: sharp, flat, or in tune when it rounds to 0.0")
    func pitch() {
        #expect(CentsText.pitch(2.14) == "2.1 c sharp")
        #expect(CentsText.pitch(-31) == "31.0 c flat")
        #expect(CentsText.pitch(-0.04) == "in tune")
        #expect(CentsText.pitch(0) == "in tune")
    }
}
