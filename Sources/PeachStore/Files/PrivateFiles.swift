import Foundation
import PeachFiles

/// Training records are the user's own: files peach writes get 0600 and folders it creates get
/// 0700, whatever the umask (a umask of 000 would otherwise make them 0666 and 0777).
public enum PrivateFiles {
    private static let file = AtomicFile(temporaryPrefix: ".peach-")

    /// Creates `path` and any missing folder above it, each 0700; existing folders keep their mode.
    public static func createFolder(_ path: String) throws(FileWriteError) {
        try Folders.createPrivate(path)
    }

    /// Replaces `path` with `data` atomically, 0600. A named pipe or a device (`/dev/stdout`,
    /// `>(gzip)`) is written straight into.
    public static func write(_ data: Data, to path: String, inProgress: TemporaryFiles? = nil) throws(FileWriteError) {
        do {
            try write(to: path, inProgress: inProgress) { write in try data.withUnsafeBytes { try write($0) } }
        } catch let error as FileWriteError {
            throw error
        } catch {
            throw FileWriteError(path: path, reason: "\(error)")
        }
    }

    /// `write(_:to:)` piece by piece, as `body` hands them to its `write` (an export need not be
    /// held whole). A file error is a `FileWriteError`; an error of `body`'s own is thrown as it
    /// is, and leaves the file as it was.
    /// `inProgress` knows the temporary file while it is written (for a signal's clean-up).
    public static func write(to path: String, inProgress: TemporaryFiles? = nil,
                             writing body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        if let kind = FileKind.of(path), kind != .regular {
            guard kind == .namedPipe || kind == .characterDevice else {
                throw FileWriteError(path: path, reason: "it is \(kind)")
            }
            try AtomicFile.writeStraight(into: path, writing: body)
            return
        }
        do {
            let file = inProgress.map { AtomicFile(temporaryPrefix: Self.file.temporaryPrefix, inProgress: $0) } ?? Self.file
            try file.replace(path, mode: .exactly(0o600), writing: body)
        } catch let error as FileWriteError {
            // Named by the file asked for, not the temporary one beside it.
            throw FileWriteError(path: path, reason: error.reason)
        }
    }
}
