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
public final class RawTerminalMode: Sendable {
    public let fileDescriptor: Int32
    private let saved: Mutex<termios?>

    /// Saves the terminal's settings and switches to raw keys.
    /// - Throws: `TerminalError.notATerminal` when `fileDescriptor` is no terminal;
    ///   `.attributes` when its settings cannot be read or changed.
    public init(fileDescriptor: Int32 = STDIN_FILENO) throws(TerminalError) {
        guard isatty(fileDescriptor) == 1 else { throw .notATerminal(fileDescriptor: fileDescriptor) }
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
        self.fileDescriptor = fileDescriptor
        saved = Mutex(original)
    }

    /// Puts the saved settings back (after pending output is written); later calls do nothing.
    public func restore() {
        saved.withLock { saved in
            guard var original = saved else { return }
            saved = nil
            _ = tcsetattr(fileDescriptor, TCSADRAIN, &original)
        }
    }

    deinit {
        restore()
    }
}
