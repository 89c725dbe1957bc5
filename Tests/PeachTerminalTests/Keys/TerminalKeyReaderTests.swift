import Glibc
import PeachTerminal
import PeachTestSupport
import Testing

@Suite("TerminalKeyReader on a pseudo-terminal", .timeLimit(.minutes(Patience.minutes(1))))
struct TerminalKeyReaderTests {
    /// The first `count` keys, or fewer if the stream ends first.
    private func firstKeys(_ count: Int, from reader: TerminalKeyReader) async -> [TerminalKey] {
        var keys: [TerminalKey] = []
        for await key in reader.keys {
            keys.append(key)
            if keys.count == count { break }
        }
        return keys
    }

    @Test("keys typed in raw mode arrive without Enter, decoded, and are not echoed")
    func typedKeys() async throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        defer { mode.restore() }
        let reader = try TerminalKeyReader(fileDescriptor: pty.terminal)
        defer { reader.stop() }

        pty.type("h\u{1B}[A\u{1B}OB\u{1B}[1;2Cé")
        let keys = await firstKeys(5, from: reader)
        #expect(keys == [.character("h"), .up, .down, .modified(.right, .shift), .character("é")])
        #expect(pty.pendingOutput().isEmpty, "the terminal echoed the keys")
    }

    @Test("Enter arrives as .enter")
    func enter() async throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        defer { mode.restore() }
        let reader = try TerminalKeyReader(fileDescriptor: pty.terminal)
        defer { reader.stop() }
        pty.type("\r")
        #expect(await firstKeys(1, from: reader) == [.enter])
    }

    @Test("a lone ESC becomes the Escape key once nothing follows it")
    func loneEscape() async throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        defer { mode.restore() }
        let reader = try TerminalKeyReader(fileDescriptor: pty.terminal)
        defer { reader.stop() }
        pty.type([0x1B])
        #expect(await firstKeys(1, from: reader) == [.escape])
        pty.type("q")
        #expect(await firstKeys(1, from: reader) == [.character("q")])
    }

    @Test("stop() ends the keys while the reader waits, without a key being typed")
    func stopWhileWaiting() async throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        defer { mode.restore() }
        let reader = try TerminalKeyReader(fileDescriptor: pty.terminal)
        let consumer = Task { await firstKeys(100, from: reader) }
        reader.stop()
        reader.stop()
        #expect(await consumer.value.isEmpty)
    }

    @Test("the keys end when the terminal hangs up")
    func hangUp() async throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        defer { mode.restore() }
        let reader = try TerminalKeyReader(fileDescriptor: pty.terminal)
        pty.type("l")
        #expect(await firstKeys(1, from: reader) == [.character("l")])
        pty.hangUp()
        #expect(await firstKeys(100, from: reader).isEmpty)
    }

    @Test("end of file ends the keys, after the ones before it and a trailing ESC")
    func endOfFile() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let reader = try TerminalKeyReader(fileDescriptor: ends[0])
        let bytes: [UInt8] = Array(" m\u{1B}".utf8)
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        #expect(await firstKeys(100, from: reader) == [.space, .character("m"), .escape])
    }
}
