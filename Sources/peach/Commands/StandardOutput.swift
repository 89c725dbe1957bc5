import ArgumentParser
import Glibc

/// Standard output for what a command prints as its result (an export, a profile, a setting):
/// every write checked, since a result cut short must not end in exit status 0
/// (`peach export > backup.csv` on a full disk, `> /dev/full`, `>&-`). A reader that went away
/// (EPIPE: `peach export | head`) ends the command quietly with status 0, as it always did.
enum StandardOutput {
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer) throws {
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
