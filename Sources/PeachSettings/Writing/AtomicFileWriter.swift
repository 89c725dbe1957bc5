import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader, or a crash, sees either the old contents or the new,
/// never a mix: write a temporary file in the same directory, fsync it, rename it over the
/// target (atomic within one file system), then fsync the directory so the rename persists.
public struct AtomicFileWriter: Sendable {
    /// The final step; tests inject a failure here to play a crash between write and rename.
    public typealias Rename = @Sendable (_ temporaryPath: String, _ targetPath: String) throws -> Void

    let rename: Rename

    public init(rename: @escaping Rename = AtomicFileWriter.posixRename) {
        self.rename = rename
    }

    /// New files get 0644: settings hold no secrets, and other tools (a dotfiles manager,
    /// a backup) may read them. An existing file keeps its mode, whatever the user chose.
    public static let newFilePermissions: mode_t = 0o644

    /// Temporary files start with this, so no config lookup (an exact path) can ever read one;
    /// a crash may leave one behind, and the next write ignores it.
    static let temporaryPrefix = ".peach-settings-"

    public func replaceContents(of path: String, with data: Data) throws(SettingsError) {
        let directory = (path as NSString).deletingLastPathComponent
        try Self.createFolder(directory, for: path)
        let permissions = existingPermissions(of: path) ?? Self.newFilePermissions
        let temporaryPath = directory + "/" + Self.temporaryPrefix + UUID().uuidString + ".tmp"

        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .writeFailed(path: temporaryPath, reason: Self.lastError()) }
        do {
            defer { close(descriptor) }
            // fchmod, not open's mode, since open's mode is masked by the umask.
            guard fchmod(descriptor, permissions) == 0 else { throw SettingsError.writeFailed(path: temporaryPath, reason: Self.lastError()) }
            try Self.writeAll(data, to: descriptor, path: temporaryPath)
            guard fsync(descriptor) == 0 else { throw SettingsError.writeFailed(path: temporaryPath, reason: Self.lastError()) }
        } catch {
            unlink(temporaryPath)
            throw error as? SettingsError ?? .writeFailed(path: temporaryPath, reason: "\(error)")
        }
        do {
            try rename(temporaryPath, path)
        } catch {
            unlink(temporaryPath)
            throw error as? SettingsError ?? .writeFailed(path: path, reason: "\(error)")
        }
        Self.syncDirectory(directory)
    }

    /// Creates `directory` and any missing folder above it with 0700, whatever the umask (the
    /// config folder is the user's own); existing folders keep their mode.
    static func createFolder(_ directory: String, for path: String) throws(SettingsError) {
        var created = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            created += "/" + component
            if mkdir(created, 0o700) == 0 {
                chmod(created, 0o700)
            } else if errno != EEXIST {
                throw .writeFailed(path: path, reason: "cannot create \(created): \(lastError())")
            }
        }
    }

    public static let posixRename: Rename = { temporaryPath, targetPath in
        guard Foundation.rename(temporaryPath, targetPath) == 0 else {
            throw SettingsError.writeFailed(path: targetPath, reason: lastError())
        }
    }

    private func existingPermissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(SettingsError) {
        var failure: SettingsError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(path: path, reason: lastError())
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }

    /// Best effort: without it a power loss could forget the rename, which leaves the old
    /// file, still a consistent state.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
