import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader, or a crash, sees either the old contents or the new,
/// never a mix: a temporary file in the same folder (so the rename stays on one file system),
/// written whole, given its mode, fsynced, renamed over the target, then the folder fsynced so
/// the rename persists.
public struct AtomicFile: Sendable {
    /// The final step; tests inject a failure here to play a crash between write and rename.
    public typealias Rename = @Sendable (_ temporaryPath: String, _ targetPath: String) throws -> Void

    /// What mode the new file gets.
    public enum Mode: Sendable {
        /// Exactly this, whatever was there (records: 0600).
        case exactly(mode_t)
        /// The existing file's, or this for a new one (settings the user may have opened up).
        case existingOr(mode_t)
    }

    /// Temporary files start with this: a crash may leave one behind, and no lookup of an
    /// exact path ever reads it.
    public let temporaryPrefix: String
    let rename: Rename
    /// Where each temporary file is known while it is written, for a signal's clean-up.
    let inProgress: TemporaryFiles?

    public init(temporaryPrefix: String, rename: @escaping Rename = AtomicFile.posixRename,
                inProgress: TemporaryFiles? = nil) {
        self.temporaryPrefix = temporaryPrefix
        self.rename = rename
        self.inProgress = inProgress
    }

    /// Writes `data` to `path` as a whole. A failed write leaves no temporary file; the error
    /// is a `FileWriteError`, or whatever `rename` threw.
    public func replace(_ path: String, with data: Data, mode: Mode) throws {
        try replace(path, mode: mode) { write in try data.withUnsafeBytes { try write($0) } }
    }

    /// Writes to `path` what `body` hands to its `write`, piece by piece (a large export need not
    /// be held whole), with the same guarantees: until `body` has returned, the file is as it
    /// was; when `body` throws, no temporary file is left and its error is thrown.
    public func replace(_ path: String, mode: Mode,
                        writing body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let permissions: mode_t
        switch mode {
        case .exactly(let bits): permissions = bits
        case .existingOr(let bits): permissions = Self.existingPermissions(of: path) ?? bits
        }
        let temporary = directory + "/" + temporaryPrefix + UUID().uuidString + ".tmp"
        // Known before it exists, so a signal at any moment finds it.
        inProgress?.add(temporary)
        defer { inProgress?.remove(temporary) }
        do {
            let descriptor = try FileDescriptor.open(
                FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: .ownerReadWrite)
            try descriptor.closeAfter {
                // fchmod, not open's mode, since open's mode is masked by the umask.
                guard fchmod(descriptor.rawValue, permissions) == 0 else { throw Errno.current }
                try body { bytes in _ = try descriptor.writeAll(bytes) }
                guard fsync(descriptor.rawValue) == 0 else { throw Errno.current }
            }
        } catch let error as Errno {
            unlink(temporary)
            throw FileWriteError(path: temporary, reason: error.description)
        } catch {
            unlink(temporary)
            throw error
        }
        do {
            try rename(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
        Self.syncFolder(directory)
    }

    public static let posixRename: Rename = { temporary, target in
        guard Foundation.rename(temporary, target) == 0 else {
            throw FileWriteError(path: target, reason: Errno.current.description)
        }
    }

    /// Writes `data` into what is at `path` as it is: a named pipe or a device
    /// (`/dev/stdout`, `>(gzip)`), which has no folder to put a temporary file in.
    public static func writeStraight(into path: String, _ data: Data) throws(FileWriteError) {
        do {
            try writeStraight(into: path) { write in try data.withUnsafeBytes { try write($0) } }
        } catch let error as FileWriteError {
            throw error
        } catch {
            throw FileWriteError(path: path, reason: "\(error)")
        }
    }

    /// `writeStraight(into:_:)` piece by piece; an error of `body`'s own is thrown as it is.
    public static func writeStraight(into path: String,
                                     writing body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.closeOnExec])
        } catch {
            throw FileWriteError(path: path, reason: (error as? Errno)?.description ?? "\(error)")
        }
        try descriptor.closeAfter {
            try body { bytes in
                do {
                    _ = try descriptor.writeAll(bytes)
                } catch {
                    throw FileWriteError(path: path, reason: (error as? Errno)?.description ?? "\(error)")
                }
            }
        }
    }

    private static func existingPermissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Best effort: without it a power loss could forget the rename, which leaves the old
    /// file, still a consistent state.
    private static func syncFolder(_ folder: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(folder), .readOnly, options: [.directory, .closeOnExec])
        else { return }
        fsync(descriptor.rawValue)
        try? descriptor.close()
    }
}
