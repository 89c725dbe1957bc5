#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Reads keys from a file descriptor (normally standard input, in `RawTerminalMode`) on its own
/// thread and delivers them as `keys`.
///
/// The thread blocks in `poll` on the descriptor and a self-pipe, so a waiting reader costs no
/// CPU and `stop()` ends it at once, without waiting for a key. The only timed wait is the
/// short `escapeDelay` after a chunk that ends inside an escape sequence (a lone ESC): if
/// nothing follows within it, the ESC was the Escape key.
///
/// `keys` finishes on end of file, on a read error (the terminal went away), after `stop()`,
/// and when its consumer stops listening. The reader never closes `fileDescriptor`.
public final class TerminalKeyReader: Sendable {
    public let keys: AsyncStream<TerminalKey>
    private let wake: WakePipe

    /// Starts reading at once.
    /// - Throws: `TerminalError.pipe` when the stop pipe cannot be made (out of descriptors).
    public init(fileDescriptor: Int32, escapeDelay: Duration = .milliseconds(30)) throws(TerminalError) {
        let wake = try WakePipe()
        self.wake = wake
        let (keys, continuation) = AsyncStream.makeStream(of: TerminalKey.self, bufferingPolicy: .unbounded)
        self.keys = keys
        continuation.onTermination = { _ in wake.signal() }
        let delay = Self.milliseconds(escapeDelay)
        let thread = Thread {
            Self.run(fileDescriptor: fileDescriptor, wake: wake, escapeDelayMilliseconds: delay,
                     continuation: continuation)
        }
        thread.name = "peach-keys"
        thread.start()
    }

    /// Ends `keys`; safe to call more than once and from any thread.
    public func stop() {
        wake.signal()
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(total, 0))
    }

    private static func run(fileDescriptor: Int32, wake: WakePipe, escapeDelayMilliseconds: Int32,
                            continuation: AsyncStream<TerminalKey>.Continuation) {
        defer {
            continuation.finish()
            wake.close()
        }
        var decoder = TerminalKeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            var fds = [
                pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPendingInput ? escapeDelayMilliseconds : -1
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if ready == 0 {
                for key in decoder.flush() { continuation.yield(key) }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            if count == 0 {
                for key in decoder.flush() { continuation.yield(key) }
                return
            }
            for key in decoder.decode(buffer[0..<count]) { continuation.yield(key) }
        }
    }
}

/// A pipe whose write end wakes the reader thread. Both ends are closed by the reader thread
/// when it ends, under the same lock `signal()` takes, so a late `signal()` never writes to a
/// descriptor number that has been reused.
private final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Mutex<Int32?>

    init() throws(TerminalError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .pipe(errno: errno) }
        readEnd = ends[0]
        writeEnd = Mutex(ends[1])
    }

    func signal() {
        writeEnd.withLock { fd in
            guard let fd else { return }
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }
    }

    func close() {
        writeEnd.withLock { fd in
            if let open = fd {
                _ = closeDescriptor(open)
                fd = nil
            }
        }
        _ = closeDescriptor(readEnd)
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
