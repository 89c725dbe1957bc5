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

    public init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    public static let standardOutput = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)

    /// Writes everything, retrying short writes and interruptions; gives up quietly on other
    /// errors (a closed pipe), since there is nobody left to tell.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
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
