import Foundation
import PeachFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file an import reads. A regular file, or a named pipe read once from start to end (so
/// `peach import <(ssh phone cat export.csv)` works); a folder, a device or a socket is refused
/// before it is opened, since opening or reading one could block or never end.
public enum ImportSource {
    public static func read(path: String) throws(ImportError) -> Data {
        var data = Data()
        try forEachChunk(path: path) { chunk in data.append(contentsOf: chunk) }
        return data
    }

    /// Hands the file's bytes to `body` in chunks of at most `chunkSize`, in order. The path
    /// "-" is standard input (`ssh phone cat peach.csv | peach import -`), as export's "-" is
    /// standard output.
    static func forEachChunk(path: String, chunkSize: Int = 1 << 16,
                             _ body: (UnsafeRawBufferPointer) throws(ImportError) -> Void) throws(ImportError) {
        let standardInput = path == "-"
        if !standardInput { try checkKind(FileKind.of(path), path) }
        let descriptor = standardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, reason: lastError()) }
        defer { if !standardInput { close(descriptor) } }
        // The path may have changed between the look and the open.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadableFile(path: path, reason: lastError()) }
        try checkKind(FileKind(mode: info.st_mode), path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: path, reason: lastError())
            }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    private static func checkKind(_ kind: FileKind?, _ path: String) throws(ImportError) {
        if let kind, kind != .regular, kind != .namedPipe {
            throw .notAFile(path: path, kind: kind.description)
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
