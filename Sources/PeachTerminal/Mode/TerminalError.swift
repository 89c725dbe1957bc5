#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong with the terminal, with what to do about it.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Raw keys need a terminal; `fileDescriptor` is a pipe, a file or /dev/null.
    case notATerminal(fileDescriptor: Int32)
    /// tcgetattr or tcsetattr failed.
    case attributes(operation: String, fileDescriptor: Int32, errno: Int32)
    /// The reader's stop pipe could not be made.
    case pipe(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let fd):
            "\(Self.name(fd)) is not a terminal, so Peach cannot read keys from it; run it in a terminal, or answer with a MIDI controller (--from PORT)"
        case .attributes(let operation, let fd, let code):
            "cannot \(operation) of \(Self.name(fd)): \(Self.message(code))"
        case .pipe(let code):
            "cannot make a pipe for the key reader: \(Self.message(code)); close some files or raise the open-file limit (ulimit -n)"
        }
    }

    private static func name(_ fd: Int32) -> String {
        switch fd {
        case 0: "standard input (fd 0)"
        case 1: "standard output (fd 1)"
        case 2: "standard error (fd 2)"
        default: "file descriptor \(fd)"
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
