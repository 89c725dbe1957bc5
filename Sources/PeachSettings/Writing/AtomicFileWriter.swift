import Foundation
import PeachFiles

/// Replaces the settings file so that a reader, or a crash, sees either the old contents or
/// the new, never a mix (PeachFiles' `AtomicFile`), creating its folder first.
public struct AtomicFileWriter: Sendable {
    /// The final step; tests inject a failure here to play a crash between write and rename.
    public typealias Rename = AtomicFile.Rename

    private let file: AtomicFile

    public init(rename: @escaping Rename = AtomicFile.posixRename) {
        file = AtomicFile(temporaryPrefix: Self.temporaryPrefix, rename: rename)
    }

    /// New files get 0644: settings hold no secrets, and other tools (a dotfiles manager,
    /// a backup) may read them. An existing file keeps its mode, whatever the user chose.
    public static let newFilePermissions: mode_t = 0o644

    /// Temporary files start with this, so no config lookup (an exact path) can ever read one;
    /// a crash may leave one behind, and the next write ignores it.
    static let temporaryPrefix = ".peach-settings-"

    public func replaceContents(of path: String, with data: Data) throws(SettingsError) {
        try createFolder(of: path)
        do {
            try file.replace(path, with: data, mode: .existingOr(Self.newFilePermissions))
        } catch let error as SettingsError {
            throw error
        } catch let error as FileWriteError {
            throw .writeFailed(path: error.path, reason: error.reason)
        } catch {
            throw .writeFailed(path: path, reason: "\(error)")
        }
    }

    /// Holds off every other writer of `path` (another `peach settings set`, `learn` saving)
    /// until released: a read-modify-write within it loses no one's key. Creates the folder.
    public func lock(folderOf path: String) throws(SettingsError) -> FileLock {
        try createFolder(of: path)
        do {
            return try FileLock(folderOf: path)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
    }

    private func createFolder(of path: String) throws(SettingsError) {
        let directory = (path as NSString).deletingLastPathComponent
        do throws(FileWriteError) {
            try Folders.createPrivate(directory.isEmpty ? "." : directory)
        } catch {
            throw .writeFailed(path: path, reason: "cannot create \(error.path): \(error.reason)")
        }
    }
}
