import Foundation
import PeachFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file an import reads, open and read from start to end in chunks (never whole: a 1 GB
/// export needs no 1 GB of memory). A regular file, or a named pipe read once (so
/// `peach import <(ssh phone cat export.csv)` works); a folder, a device or a socket is refused
/// before it is opened, since opening or reading one could block or never end.
public final class ImportSource {
    public let path: String
    /// The size of a regular file when it was opened (nil for a pipe or standard input).
    public let regularFileSize: Int?
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// Opens `path`; "-" is standard input (`ssh phone cat peach.csv | peach import -`), as
    /// export's "-" is standard output.
    public init(path: String) throws(ImportError) {
        self.path = path
        let standardInput = path == "-"
        if !standardInput { try Self.checkKind(FileKind.of(path), path) }
        let descriptor = standardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, reason: Self.lastError()) }
        // The path may have changed between the look and the open.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = Self.lastError()
            if !standardInput { close(descriptor) }
            throw .unreadableFile(path: path, reason: reason)
        }
        do throws(ImportError) {
            try Self.checkKind(FileKind(mode: info.st_mode), path)
        } catch {
            if !standardInput { close(descriptor) }
            throw error
        }
        self.descriptor = descriptor
        ownsDescriptor = !standardInput
        regularFileSize = FileKind(mode: info.st_mode) == .regular ? Int(info.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Fills the start of `buffer` with the next bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .unreadableFile(path: path, reason: Self.lastError()) }
        }
    }

    private static func checkKind(_ kind: FileKind?, _ path: String) throws(ImportError) {
        if let kind, kind != .regular, kind != .namedPipe {
            throw .notAFile(path: path, kind: kind.description)
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
