import Foundation
import PeachFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the database folder (0700, and each missing folder above it) and an empty database file (0600) before SQLite opens it,
/// so the file never exists with wider permissions. SQLite gives its -wal and -shm companions
/// the permissions of the main file.
enum DatabaseFile {
    /// True when it made the file (so it is empty and this process's own).
    static func prepare(_ location: StoreLocation) throws(StoreError) -> Bool {
        let path = location.databasePath
        try createFolder(location)
        try checkKinds(location)
        let created: Bool
        do throws(FileWriteError) {
            created = try EmptyFile.create(path, mode: 0o600)
        } catch {
            throw .cannotCreate(path: path, reason: error.reason)
        }
        // SQLite would quietly open an unwritable file read-only and fail only at the first
        // trial; say so now, naming the file. (The folder must be writable for the WAL files.)
        for target in [path, location.directory.path] where access(target, W_OK) != 0 {
            throw .notWritable(path: target, reason: String(cString: strerror(errno)))
        }
        return created
    }

    static func createFolder(_ location: StoreLocation) throws(StoreError) {
        do throws(FileWriteError) {
            try PrivateFiles.createFolder(location.directory.path)
        } catch {
            throw .cannotCreate(path: error.path, reason: error.reason)
        }
    }

    /// The database and SQLite's companions (journal, WAL, shared memory) must each be a
    /// regular file or absent: SQLite would wait forever on a named pipe in any of these places.
    static func checkKinds(_ location: StoreLocation) throws(StoreError) {
        let path = location.databasePath
        for candidate in [path, path + "-wal", path + "-shm", path + "-journal"] {
            if let kind = FileKind.of(candidate), kind != .regular {
                throw .notARegularFile(path: candidate, kind: kind.description)
            }
        }
    }

    static func exists(_ location: StoreLocation) -> Bool {
        FileManager.default.fileExists(atPath: location.databasePath)
    }

}
