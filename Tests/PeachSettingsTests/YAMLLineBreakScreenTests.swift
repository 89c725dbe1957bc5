import Foundation
import PeachCore
import PeachTestSupport
@testable import PeachSettings
import Testing

/// The screen reads a file as the YAML parser will: NEL, LS and PS end lines (and comments)
/// as LF and CR do, and no quote the screen merely guesses at may hide an alias from it.
@Suite("Settings-file screen: line breaks and hidden aliases", .timeLimit(.minutes(Patience.minutes(1))))
struct YAMLLineBreakScreenTests {
    /// `#` then aliased mappings behind `break`: the comment ends at the break for the parser.
    static func aliasedBehindComment(break lineBreak: String) -> String {
        ["# shared preset", "a: &a {x: 1, y: 1}", "b: {p: *a, q: *a}"].joined(separator: lineBreak) + lineBreak
    }

    @Test("an alias behind a NEL, LS or PS line break is refused on the line the parser counts",
          arguments: ["\u{85}", "\u{2028}", "\u{2029}", "\r"])
    func aliasBehindUnicodeBreak(lineBreak: String) async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser(Self.aliasedBehindComment(break: lineBreak))
        _ = await fixture.makeSettings()
        #expect(fixture.warnings.map(\.description) == [
            "user file \(fixture.userPath): uses a YAML alias (*name) on line 3; settings files are read without "
                + "anchors and aliases; ignoring it until it is fixed",
        ])
    }

    @Test("a quote inside a plain value does not hide an alias (nor keys) from the screen")
    func quoteInsidePlainValue() {
        let text = "a: &a {x: 1}\nname: rock 'n roll\nb: {p: *a}\n"
        #expect(YAMLKeyIndicators.refusal(of: text) == .alias(line: 3))
        let hiddenKeys = "name: rock 'n\n" + (0...ConfigFileLimits.maximumKeys).map { "k\($0): 1" }.joined(separator: "\n")
        #expect(YAMLKeyIndicators.refusal(of: hiddenKeys) == .tooManyKeys(count: ConfigFileLimits.maximumKeys + 2))
    }

    @Test("a star or ampersand inside words, and an alias without any anchor, are no expansion")
    func harmlessStars() {
        #expect(YAMLKeyIndicators.refusal(of: "synth.soundFont: /x/R&B*2.sf2\nmidi.outputPort: 'a & b * c'\n") == nil)
        #expect(YAMLKeyIndicators.refusal(of: "# see *note below\nvelocity: 90\n") == nil)
    }

    @Test("the screened text has the parser's line breaks and no byte-order mark")
    func screenedText() {
        #expect(YAMLLineBreaks.normalised("\u{FEFF}a: 1\r\nb: 2\rc: 3\u{85}d: 4\u{2028}e: 5\u{2029}") ==
                "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n")
    }

    @Test("a byte-order mark before the first key is not part of it: no 'did you mean noteDuration?'")
    func byteOrderMark() async throws {
        let fixture = try SettingsFixture()
        defer { fixture.remove() }
        try fixture.writeUser("\u{FEFF}noteDuration: 2\n")
        let settings = await fixture.makeSettings()
        #expect(fixture.warnings.isEmpty, "\(fixture.warnings)")
        #expect(settings.training.noteDuration == (try NoteDuration(seconds: 2)))
    }
}
