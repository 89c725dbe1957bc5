import PeachCore
import PeachTerminal
import Synchronization
import Testing

/// Collects what is written, for tests.
final class CapturedOutput: TextOutput {
    private let written = Mutex<[String]>([])
    func write(_ text: String) { written.withLock { $0.append(text) } }
    var writes: [String] { written.withLock { $0 } }
    var text: String { writes.joined() }
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
