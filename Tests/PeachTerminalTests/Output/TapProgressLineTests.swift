import PeachTerminal
import Testing

@Suite("TapProgressLine")
struct TapProgressLineTests {
    @Test("each tap rewrites the line in place as 'tap N of M'; finishing clears it, and a tap after that shows nothing")
    func countsTaps() {
        let output = CapturedOutput()
        let line = TapProgressLine(output: output, total: 20)
        line.tapped(1)
        line.tapped(5)
        #expect(output.writes == ["\r\u{1B}[2Ktap 1 of 20", "\r\u{1B}[2Ktap 5 of 20"])
        line.tapped(23)
        #expect(output.writes.last == "\r\u{1B}[2Ktap 20 of 20")
        line.finish()
        #expect(output.writes.last == "\r\u{1B}[2K")
        let written = output.writes.count
        line.tapped(21)
        line.finish()
        #expect(output.writes.count == written, "finished: a late tap and a second finish write nothing")
    }

    @Test("finishing a line never shown writes nothing")
    func finishUnshown() {
        let output = CapturedOutput()
        TapProgressLine(output: output, total: 20).finish()
        #expect(output.text.isEmpty)
    }
}
