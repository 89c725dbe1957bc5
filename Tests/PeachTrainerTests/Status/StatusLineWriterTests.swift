import PeachCore
import PeachTerminal
import PeachTrainer
import Synchronization
import Testing

/// A terminal width a test changes, as a resize does.
final class TerminalWidth: Sendable {
    private let columns: Mutex<Int>
    init(_ columns: Int) { self.columns = Mutex(columns) }
    var value: Int { columns.withLock { $0 } }
    func set(_ value: Int) { columns.withLock { $0 = value } }
}

@Suite("StatusLineWriter")
struct StatusLineWriterTests {
    private let clear = "\r\u{1B}[2K"

    private func writer(_ output: CapturedOutput, columns: Int = 80) -> StatusLineWriter {
        StatusLineWriter(output: output, renderer: StatusLineRenderer(colors: false), columns: { columns })
    }

    @Test("redraws in place: back to column 0, erase, the line; no newline")
    func redraw() {
        let output = CapturedOutput()
        var writer = writer(output)
        writer.show(TrainingStatus(mode: .comparison, prompt: .listen))
        writer.show(TrainingStatus(mode: .comparison, prompt: .answer))
        #expect(output.writes == [clear + "comparison · listen…", clear + "comparison · higher or lower? ↑/↓"])
    }

    @Test("an unchanged line is not written again")
    func unchanged() {
        let output = CapturedOutput()
        var writer = writer(output)
        writer.show(TrainingStatus(mode: .comparison))
        writer.show(TrainingStatus(mode: .comparison))
        #expect(output.writes.count == 1)
    }

    @Test("a message goes above the status line, which is drawn again below it")
    func messageAbove() {
        let output = CapturedOutput()
        var writer = writer(output)
        writer.printAbove("before any status")
        writer.show(TrainingStatus(mode: .matching))
        writer.printAbove("synth lost")
        #expect(output.writes == [
            clear + "before any status\n",
            clear + "matching · starting…",
            clear + "synth lost\n" + "matching · starting…",
        ])
        #expect(writer.current == "matching · starting…")
    }

    @Test("finish leaves the line and moves to a fresh one, once")
    func finish() {
        let output = CapturedOutput()
        var writer = writer(output)
        writer.finish()
        #expect(output.writes.isEmpty)
        writer.show(TrainingStatus(mode: .comparison))
        writer.finish()
        writer.finish()
        #expect(output.text == clear + "comparison · starting…\n")
        #expect(writer.current == nil)
    }

    @Test("the line keeps one column spare, at the width asked before each redraw")
    func width() {
        let output = CapturedOutput()
        var writer = writer(output, columns: 9)
        writer.show(TrainingStatus(mode: .comparison))
        #expect(output.text == clear + "startin…")
    }

    @Test("after a resize the old line's wrapped rows are erased and the line drawn again at the new width")
    func resized() {
        let output = CapturedOutput()
        let columns = TerminalWidth(80)
        var writer = StatusLineWriter(output: output, renderer: StatusLineRenderer(colors: true), columns: { columns.value })
        let status = TrainingStatus(mode: .comparison, trial: 12, difficulty: 3.05, prompt: .answer,
                                    lastResult: .comparison(correct: false, offset: 3.05), sessionBest: 2.5, trend: .stable)
        writer.show(status)
        // 75 columns: two rows at 60, the cursor on the second.
        #expect(output.writes.last?.replacing(/\x{1B}\[[0-9;]*m/, with: "")
            == clear + "comparison · trial 12 · detuned 3.1 c · higher or lower? ↑/↓ · last ✗ 3.1 c")
        columns.set(60)
        writer.resized()
        let redrawn = output.writes.last ?? ""
        #expect(redrawn.hasPrefix("\r\u{1B}[1A\u{1B}[J"))
        #expect(redrawn.replacing(/\x{1B}\[[0-9;]*[mAJ]/, with: "") == "\rdetuned 3.1 c · higher or lower? ↑/↓ · last ✗ 3.1 c")
        // Wider again: the line fits on its row; only that row is erased.
        columns.set(100)
        writer.resized()
        #expect(output.writes.last?.hasPrefix("\r\u{1B}[J") == true)
        writer.leaveLine()
        let count = output.writes.count
        writer.resized()
        #expect(output.writes.count == count, "no line on screen: nothing to erase")
    }

    @Test("leaveLine moves to a fresh line once; redraw draws the last status again")
    func suspendAndRedraw() {
        let output = CapturedOutput()
        var writer = writer(output, columns: 80)
        writer.leaveLine()
        writer.redraw()
        #expect(output.writes.isEmpty, "nothing drawn yet, nothing to leave or redraw")
        writer.show(TrainingStatus(mode: .comparison))
        writer.leaveLine()
        writer.leaveLine()
        #expect(output.text == clear + "comparison · starting…\n")
        writer.redraw()
        #expect(output.text == clear + "comparison · starting…\n" + clear + "comparison · starting…")
        #expect(writer.current == "comparison · starting…")
    }
}
