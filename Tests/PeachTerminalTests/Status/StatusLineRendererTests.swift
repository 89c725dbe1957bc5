import PeachCore
import PeachTerminal
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
            == "interval comparison P5u M3d · trial 3 · 12.5 c · higher or lower? ↑/↓ · ✓ 14.2 c · best 10.0 c · improving")
    }

    @Test("a wrong answer shows ✗; a notice comes last")
    func wrongAndNotice() {
        var status = TrainingStatus(mode: .comparison, trial: 9, difficulty: 3.05, prompt: .paused,
                                    lastResult: .comparison(correct: false, offset: 3.05),
                                    notice: "synth lost: waiting for FLUID Synth")
        status.intervals = "P5u"
        #expect(plain.render(status, width: 200)
            == "comparison · trial 9 · 3.1 c · paused — space to go on · ✗ 3.1 c · synth lost: waiting for FLUID Synth")
    }

    @Test("matching shows the signed offset while tuning and the signed error with near/far")
    func matchingContent() {
        let tuning = TrainingStatus(mode: .matching, trial: 2, difficulty: -4.25, prompt: .tune,
                                    lastResult: .matching(error: 2.1, near: true), sessionBest: 2.1, trend: .stable)
        #expect(plain.render(tuning, width: 200)
            == "matching · trial 2 · −4.3 c · tune ←/→, Enter to commit · +2.1 c near · best 2.1 c · stable")
        let far = TrainingStatus(mode: .intervalMatching, intervals: "P5u", trial: 4, prompt: .feedback,
                                 lastResult: .matching(error: -31, near: false))
        #expect(plain.render(far, width: 200) == "interval matching P5u · trial 4 · −31.0 c far")
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
        #expect(line.contains("\u{1B}[2mbest \u{1B}[0m"))
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

    @Test("a line too wide is cut to the width in display columns and ends with …",
          arguments: [1, 2, 10, 37, 38, 39, 50, 80])
    func truncation(width: Int) {
        let full = plain.render(answering, width: 1000)
        let line = plain.render(answering, width: width)
        #expect(DisplayWidth.columns(of: line) <= width)
        if DisplayWidth.columns(of: full) > width {
            #expect(line.hasSuffix("…"))
            #expect(full.hasPrefix(String(line.dropLast())))
            #expect(DisplayWidth.columns(of: line) >= width - 1, "cut short without need")
        } else {
            #expect(line == full)
        }
        #expect(!line.contains("\n") && !line.contains("\r"))
    }

    @Test("truncation counts ✓ and ↑ as one column each and wide characters as two")
    func truncationCountsColumns() {
        let status = TrainingStatus(mode: .comparison, prompt: .answer, notice: "合成器")
        let full = plain.render(status, width: 1000)
        // "comparison · higher or lower? ↑/↓ · 合成器": 33 + 3 + 6 columns, 40 characters.
        #expect(DisplayWidth.columns(of: full) == 42)
        #expect(plain.render(status, width: 42) == full)
        #expect(plain.render(status, width: 41) == "comparison · higher or lower? ↑/↓ · 合成…")
        #expect(plain.render(status, width: 40) == "comparison · higher or lower? ↑/↓ · 合…")
        #expect(plain.render(status, width: 33) == "comparison · higher or lower? ↑/…")
    }

    @Test("coloured truncation keeps the visible width and closes every colour")
    func colouredTruncation() {
        let line = coloured.render(answering, width: 60)
        let visible = line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(DisplayWidth.columns(of: visible) == 60)
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
}
