import Glibc
import PeachTerminal
import Testing

@Suite("RawTerminalMode on a pseudo-terminal")
struct RawTerminalModeTests {
    @Test("switches off line mode and echo, keeps Ctrl-C and output processing")
    func rawFlags() throws {
        let pty = try PseudoTerminal()
        let before = try pty.attributes()
        #expect(before.has(ICANON, in: \.c_lflag) && before.has(ECHO, in: \.c_lflag))

        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        let raw = try pty.attributes()
        #expect(!raw.has(ICANON, in: \.c_lflag))
        #expect(!raw.has(ECHO, in: \.c_lflag))
        #expect(raw.has(ISIG, in: \.c_lflag))
        #expect(raw.has(OPOST, in: \.c_oflag))
        #expect(raw.controlCharacter(VMIN) == 1)
        #expect(raw.controlCharacter(VTIME) == 0)
        mode.restore()
    }

    @Test("restore puts every flag back, and a second restore changes nothing")
    func restoreIsIdempotent() throws {
        let pty = try PseudoTerminal()
        let before = try pty.attributes()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        mode.restore()
        let after = try pty.attributes()
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_oflag == before.c_oflag)
        #expect(after.controlCharacter(VMIN) == before.controlCharacter(VMIN))

        // Someone else changes the terminal; a late restore must not undo that.
        var changed = after
        changed.c_lflag &= ~tcflag_t(ECHO)
        #expect(tcsetattr(pty.terminal, TCSANOW, &changed) == 0)
        mode.restore()
        #expect(try !pty.attributes().has(ECHO, in: \.c_lflag))
    }

    @Test("dropping the mode restores the terminal")
    func deinitRestores() throws {
        let pty = try PseudoTerminal()
        do {
            let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
            #expect(mode.fileDescriptor == pty.terminal)
            #expect(try !pty.attributes().has(ICANON, in: \.c_lflag))
        }
        #expect(try pty.attributes().has(ICANON, in: \.c_lflag))
    }

    @Test("a pipe is not a terminal: a clear error naming the descriptor")
    func notATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) {
            try RawTerminalMode(fileDescriptor: ends[0])
        }
        let text = TerminalError.notATerminal(fileDescriptor: 0).description
        #expect(text.contains("standard input (fd 0) is not a terminal"))
        #expect(text.contains("--from"))
    }

    @Test("the width comes from the terminal; a pipe has none")
    func width() throws {
        let pty = try PseudoTerminal()
        var size = winsize(ws_row: 24, ws_col: 57, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(pty.terminal, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize.columns(of: pty.terminal) == 57)

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalSize.columns(of: ends[1]) == nil)
    }

    @Test("suspend gives the shell its settings back, resume makes the keys raw again; restore ends both")
    func suspendAndResume() throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        mode.suspend()
        #expect(try pty.attributes().has(ICANON, in: \.c_lflag) && pty.attributes().has(ECHO, in: \.c_lflag))
        mode.suspend()
        #expect(try pty.attributes().has(ECHO, in: \.c_lflag))
        try mode.resume()
        #expect(try !pty.attributes().has(ICANON, in: \.c_lflag) && !pty.attributes().has(ECHO, in: \.c_lflag))
        try mode.resume()
        #expect(try !pty.attributes().has(ECHO, in: \.c_lflag))
        mode.restore()
        #expect(try pty.attributes().has(ICANON, in: \.c_lflag) && pty.attributes().has(ECHO, in: \.c_lflag))
        // Once restored, a late continue must not make the terminal raw again.
        mode.suspend()
        try mode.resume()
        #expect(try pty.attributes().has(ECHO, in: \.c_lflag))
    }

    @Test("restore while suspended leaves the shell's settings alone")
    func restoreWhileSuspended() throws {
        let pty = try PseudoTerminal()
        let mode = try RawTerminalMode(fileDescriptor: pty.terminal)
        mode.suspend()
        var changed = try pty.attributes()
        changed.c_lflag &= ~tcflag_t(ECHOE)
        #expect(tcsetattr(pty.terminal, TCSANOW, &changed) == 0)
        mode.restore()
        #expect(try !pty.attributes().has(ECHOE, in: \.c_lflag))
    }
}
