import PeachTerminal
import Testing

@Suite("TapProgressLine")
struct TapProgressLineTests {
    @Test("each tap rewrites the line in place as 'tap N of M'; clearing leaves an empty line, and only once shown")
    func countsTaps() {
        let output = CapturedOutput()
        let line = TapProgressLine(output: output, total: 20)
        line.clear()
        #expect(output.text.isEmpty, "nothing shown, nothing to clear")
        line.tapped(1)
        line.tapped(5)
        #expect(output.writes == ["\r\u{1B}[2Ktap 1 of 20", "\r\u{1B}[2Ktap 5 of 20"])
        line.tapped(23)
        #expect(output.writes.last == "\r\u{1B}[2Ktap 20 of 20")
        line.clear()
        #expect(output.writes.last == "\r\u{1B}[2K")
    }
}
