import ArgumentParser
import Glibc
import Synchronization

/// Standard output for what a command prints as its result (an export, a profile, a setting):
/// every write checked, since a result cut short must not end in exit status 0
/// (`peach export > backup.csv` on a full disk, `> /dev/full`, `>&-`). A reader that went away
/// (EPIPE: `peach export | head`) ends the command quietly with status 0, as it always did.
enum StandardOutput {
    /// Whether descriptor 1 was closed when peach started (`>&-`).
    private static let closedAtStart = Atomic<Bool>(false)

    /// First thing in `main`: a closed standard output gets /dev/null in its place, so no file
    /// the command opens later (the store) is given descriptor 1 and written into; the result's
    /// writes then fail as the closed descriptor would have.
    static func holdPlaceIfClosed() {
        guard fcntl(STDOUT_FILENO, F_GETFD) < 0, errno == EBADF else { return }
        closedAtStart.store(true, ordering: .relaxed)
        let placeholder = open("/dev/null", O_WRONLY)
        if placeholder >= 0, placeholder != STDOUT_FILENO {
            dup2(placeholder, STDOUT_FILENO)
            close(placeholder)
        }
    }

    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer) throws {
        if closedAtStart.load(ordering: .relaxed) { throw StandardOutputError(reason: String(cString: strerror(EBADF))) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw ExitCode.success }
                throw StandardOutputError(reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// A write to standard output failed: "Error: cannot write to standard output: No space left on device".
struct StandardOutputError: Error, CustomStringConvertible {
    let reason: String

    var description: String { "cannot write to standard output: \(reason)" }
}
