import Foundation
import PeachCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Training records are the user's own: files peach writes get 0600 and folders it creates get
/// 0700, whatever the umask (a umask of 000 would otherwise make them 0666 and 0777).
public enum PrivateFiles {
    /// Creates `path` and any missing folder above it, each 0700; existing folders keep their mode.
    public static func createFolder(_ path: String) throws(PrivateFileError) {
        var created = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            created += "/" + component
            if mkdir(created, 0o700) == 0 {
                chmod(created, 0o700)   // the umask may have narrowed it
            } else if errno != EEXIST {
                throw PrivateFileError(path: created, reason: lastError())
            }
        }
        guard FileKind.of(path) == .directory else {
            throw PrivateFileError(path: path, reason: "it exists and is not a folder")
        }
    }

    /// Replaces `path` with `data` atomically: a 0600 temporary file beside it, fsynced, renamed
    /// over it. A named pipe or a device (`/dev/stdout`, `>(gzip)`) is written straight into.
    public static func write(_ data: Data, to path: String) throws(PrivateFileError) {
        if let kind = FileKind.of(path), kind != .regular {
            guard kind == .namedPipe || kind == .characterDevice else {
                throw PrivateFileError(path: path, reason: "it is \(kind)")
            }
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw PrivateFileError(path: path, reason: lastError()) }
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path)
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.peach-\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, reason: lastError()) }
        do throws(PrivateFileError) {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else { throw PrivateFileError(path: path, reason: lastError()) }
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw PrivateFileError(path: path, reason: lastError()) }
            guard rename(temporary, path) == 0 else { throw PrivateFileError(path: path, reason: lastError()) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(PrivateFileError) {
        var failure: PrivateFileError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = PrivateFileError(path: path, reason: lastError())
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A file or folder peach could not write; the message names it.
public struct PrivateFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)".terminalSafe }
}
