import PeachTerminal
import Testing

@Suite("TextWrapping")
struct TextWrappingTests {
    @Test("units stay whole and joined by the separator while they fit; the next line starts with the indent")
    func units() {
        let lines = TextWrapping.lines(of: ["↑ or h higher", "↓ or l lower", "q quit"], separator: " · ", width: 30,
                                       firstIndent: "keys: ", indent: "      ")
        #expect(lines == ["keys: ↑ or h higher", "      ↓ or l lower · q quit"])
    }

    @Test("a unit wider than a line breaks at spaces, a word wider than a line is cut; no line is wider than asked",
          arguments: 4...40)
    func neverWider(width: Int) {
        let units = ["shift+←/→ or ↓/↑ by 0.1 cent", "Enter commit", "supercalifragilistic", "合成器 合成器"]
        let lines = TextWrapping.lines(of: units, separator: " · ", width: width, indent: "  ")
        // From 4 columns on, the indent and the widest character (2) fit.
        for line in lines { #expect(DisplayWidth.columns(of: line) <= width, "\(line)") }
        // Nothing is lost: the words come back in order.
        let words = lines.joined(separator: " ").split(separator: " ").filter { $0 != "·" }.joined()
        #expect(words == units.joined(separator: " ").split(separator: " ").joined())
    }

    @Test("a word is never split where it fits on a line of its own", arguments: [12, 15, 20, 29])
    func wordBoundaries(width: Int) {
        let lines = TextWrapping.lines(of: ["shift+←/→ or ↓/↑ by 0.1 cent", "Enter commit"], separator: " · ", width: width)
        let words = Set(["shift+←/→", "or", "↓/↑", "by", "0.1", "cent", "Enter", "commit", "·"])
        for line in lines {
            for word in line.split(separator: " ") { #expect(words.contains(String(word)), "split word in \(line)") }
        }
    }
}
