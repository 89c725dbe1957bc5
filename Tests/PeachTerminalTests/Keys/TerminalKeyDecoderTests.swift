import PeachTerminal
import Testing

@Suite("TerminalKeyDecoder")
struct TerminalKeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [TerminalKey] {
        var decoder = TerminalKeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let sequences: [(String, TerminalKey)] = [
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
        ("\u{1B}[1;2C", .modified(.right, .shift)), ("\u{1B}[1;2D", .modified(.left, .shift)),
        ("\u{1B}[1;3A", .modified(.up, .alt)), ("\u{1B}[1;5B", .modified(.down, .control)),
        ("\u{1B}[1;6C", .modified(.right, [.shift, .control])), ("\u{1B}[1;8D", .modified(.left, [.shift, .alt, .control])),
        ("\u{1B}[1;1C", .right), ("\u{1B}[3;5~", .modified(.delete, .control)), ("\u{1B}O2A", .modified(.up, .shift)),
        ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{08}", .backspace),
        (" ", .space), ("q", .character("q")), ("H", .character("H")), ("~", .character("~")),
        ("\u{04}", .control("d")), ("\u{01}", .control("a")),
        ("é", .character("é")), ("✓", .character("✓")), ("🎹", .character("🎹")),
        ("\u{1B}h", .modified(.character("h"), .alt)), ("\u{1B}\r", .modified(.enter, .alt)),
    ]

    @Test("every known sequence decodes to its key", arguments: sequences)
    func knownSequence(text: String, key: TerminalKey) {
        #expect(keys(bytes(text)) == [key])
    }

    @Test("a sequence split at any byte boundary decodes the same", arguments: sequences)
    func splitAnywhere(text: String, key: TerminalKey) {
        let all = bytes(text) + bytes("x")
        for cut in 1..<all.count {
            var decoder = TerminalKeyDecoder()
            let first = decoder.decode(all[..<cut])
            let second = decoder.decode(all[cut...])
            #expect(first + second == [key, .character("x")], "cut after byte \(cut) of \(all)")
            #expect(!decoder.hasPendingInput)
        }
    }

    @Test("a sequence fed one byte at a time leaves nothing pending after its last byte")
    func bytewise() {
        var decoder = TerminalKeyDecoder()
        var result: [TerminalKey] = []
        for byte in bytes("\u{1B}[1;2C") {
            #expect(result.isEmpty)
            result += decoder.decode([byte])
        }
        #expect(result == [.modified(.right, .shift)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("several keys in one chunk come out in order")
    func severalKeys() {
        #expect(keys(bytes("h\u{1B}[Al\u{1B}OB \r")) == [.character("h"), .up, .character("l"), .down, .space, .enter])
    }

    @Test("a lone ESC stays pending until flushed, then is the Escape key")
    func loneEscape() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
    }

    @Test("ESC ESC [ A is Escape then up")
    func doubleEscape() {
        #expect(keys([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
    }

    @Test("ESC before a multi-byte character is Escape, then the character")
    func escapeBeforeUTF8() {
        #expect(keys([0x1B] + bytes("é")) == [.escape, .character("é")])
    }

    @Test("unknown sequences are swallowed whole: no bytes leak as characters",
          arguments: ["\u{1B}[15~", "\u{1B}[24;5~", "\u{1B}OP", "\u{1B}[?1;2c", "\u{1B}[<0;10;20M",
                      "\u{1B}[I", "\u{1B}[O", "\u{1B}[200~", "\u{1B}[1;2$x", "\u{1B}[1;99A", "\u{1B}[1;2;3Z",
                      "\u{1B}[123456789012345678901234567890A", "\u{1B}O1;2;3;4;5;6;7;8;9;0;1;2;3;4;5;6;7P"])
    func unknownSequence(text: String) {
        #expect(keys(bytes(text) + bytes("k")) == [.character("k")])
    }

    @Test("an unfinished sequence is dropped at the first byte that cannot continue it; that byte counts")
    func brokenSequence() {
        #expect(keys(bytes("\u{1B}[1;\rx")) == [.enter, .character("x")])
        #expect(keys(bytes("\u{1B}O\u{7F}")) == [.backspace])
    }

    @Test("an unfinished sequence at the end is dropped by flush, not turned into characters")
    func unfinishedAtEnd() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(bytes("\u{1B}[1;2")).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(bytes("C")) == [.character("C")])
    }

    @Test("invalid UTF-8 is dropped without taking valid neighbours along")
    func invalidUTF8() {
        // Stray continuation, overlong "/", a surrogate, bytes no UTF-8 uses, a truncated é.
        let garbage: [UInt8] = [0x80, 0xBF, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF8, 0xFF, 0xFE, 0xC3]
        #expect(keys(bytes("a") + garbage + bytes("b")) == [.character("a"), .character("b")])
        #expect(keys([0xC3]).isEmpty)
    }

    @Test("NUL and the unused control codes are ignored")
    func ignoredControls() {
        #expect(keys([0x00, 0x1C, 0x1D, 0x1E, 0x1F, 0x61]) == [.character("a")])
    }

    @Test("random garbage never crashes and never leaves more than one sequence pending")
    func randomGarbage() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<200 {
            var decoder = TerminalKeyDecoder()
            for _ in 0..<20 {
                let length = Int(generator.next() % 40)
                let chunk = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                for key in decoder.decode(chunk) {
                    if case .character(let character) = key {
                        #expect(!character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
                    }
                }
            }
            _ = decoder.flush()
            #expect(!decoder.hasPendingInput)
            #expect(decoder.decode([0x71]) == [.character("q")])
        }
    }
}

/// A tiny seeded generator, so a failing garbage case can be replayed.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
