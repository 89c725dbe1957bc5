#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where presenters write: standard output in the app, a buffer in tests.
public protocol TextOutput: Sendable {
    func write(_ text: String)
}

/// Writes straight to a file descriptor, unbuffered, so every line appears at once.
public struct FileDescriptorOutput: TextOutput {
    public let fileDescriptor: Int32
    private let closed: (@Sendable () -> Void)?

    /// - Parameter closed: called when the reader has gone (EPIPE: `peach train --json | head`,
    ///   a dashboard that restarted); a long-running command ends then, as on a signal. Needs
    ///   SIGPIPE ignored, which the executable does first thing.
    public init(fileDescriptor: Int32 = STDOUT_FILENO, closed: (@Sendable () -> Void)? = nil) {
        self.fileDescriptor = fileDescriptor
        self.closed = closed
    }

    public static let standardOutput = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)

    /// Writes everything, retrying short writes and interruptions; gives up quietly on other
    /// errors, since there is nobody left to tell, and reports a closed pipe to `closed`.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { closed?() }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
