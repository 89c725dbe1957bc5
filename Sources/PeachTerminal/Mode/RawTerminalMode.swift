#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Puts a terminal into the mode key-by-key input needs, and back.
///
/// Switched off: canonical (line) mode, so every key arrives at once, and echo. Kept on: ISIG,
/// so Ctrl-C still raises SIGINT for the app to handle, and output post-processing, so "\n"
/// still starts a new line at the left edge.
///
/// The app must call `restore()` on every way out: normal end, thrown error, and in its
/// SIGINT/SIGTERM/SIGHUP handling — which must run on a thread or task (a signal dispatch
/// source or a signal-watching task), not inside a C signal handler, since `restore()` takes a
/// lock. `restore()` is idempotent and thread-safe; `deinit` restores too, as a last resort.
/// A process killed with SIGKILL leaves the terminal raw: `stty sane` or `reset` fixes it.
/// Job control (Ctrl-Z, then fg): `suspend()` before the process stops, `resume()` once it
/// continued in the foreground.
public final class RawTerminalMode: Sendable {
    public let fileDescriptor: Int32

    private struct State {
        /// The settings to go back to; nil once restored for good.
        var original: termios?
        /// Raw now (not suspended).
        var raw: Bool
    }

    private let state: Mutex<State>

    /// Saves the terminal's settings and switches to raw keys.
    /// - Throws: `TerminalError.notATerminal` when `fileDescriptor` is no terminal;
    ///   `.attributes` when its settings cannot be read or changed.
    public init(fileDescriptor: Int32 = STDIN_FILENO) throws(TerminalError) {
        guard isatty(fileDescriptor) == 1 else { throw .notATerminal(fileDescriptor: fileDescriptor) }
        let original = try Self.enterRaw(fileDescriptor)
        self.fileDescriptor = fileDescriptor
        state = Mutex(State(original: original, raw: true))
    }

    /// Reads the terminal's settings, switches to raw keys and returns what it read.
    private static func enterRaw(_ fileDescriptor: Int32) throws(TerminalError) -> termios {
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else {
            throw .attributes(operation: "read the terminal settings", fileDescriptor: fileDescriptor, errno: errno)
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // Each read returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else {
            throw .attributes(operation: "switch off line mode and echo", fileDescriptor: fileDescriptor, errno: errno)
        }
        return original
    }

    /// Puts the saved settings back (after pending output is written); later calls do nothing.
    public func restore() {
        state.withLock { state in
            guard var original = state.original else { return }
            state.original = nil
            if state.raw { _ = tcsetattr(fileDescriptor, TCSADRAIN, &original) }
        }
    }

    /// Before the process stops (Ctrl-Z): the saved settings go back for the shell, but are
    /// kept for `resume()`. Does nothing once restored.
    public func suspend() {
        state.withLock { state in
            guard state.raw, var original = state.original else { return }
            state.raw = false
            _ = tcsetattr(fileDescriptor, TCSADRAIN, &original)
        }
    }

    /// After the process continued (fg): raw keys again, from the terminal's settings as they
    /// are now (the shell may have changed them while the process was stopped). Does nothing
    /// when not suspended or once restored.
    public func resume() throws(TerminalError) {
        try state.withLock { (state: inout State) throws(TerminalError) in
            guard !state.raw, state.original != nil else { return }
            state.original = try Self.enterRaw(fileDescriptor)
            state.raw = true
        }
    }

    deinit {
        restore()
    }
}
