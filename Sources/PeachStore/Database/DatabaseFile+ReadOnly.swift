import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a store nobody may write (a backup on read-only media, a folder without write
/// permission): SQLite opens a WAL database read-only only where it can create the `-shm` file
/// beside it, and failed with "unable to open database file", so profile, export and doctor
/// took a sound store for a broken one.
extension DatabaseFile {
    /// Whether the store can be written at all: the file and its folder (for SQLite's companions).
    static func isWritable(_ location: StoreLocation) -> Bool {
        access(location.databasePath, W_OK) == 0 && access(location.directory.path, W_OK) == 0
    }

    /// What SQLite should open to read `location`: the path itself, or, where the folder cannot
    /// be written and no write-ahead log holds anything, the file as immutable (a URI): then the
    /// file alone is the whole store, and no peach can change it while the folder stays so.
    static func readOnlyOpeningPath(_ location: StoreLocation) -> String {
        let path = location.databasePath
        guard access(location.directory.path, W_OK) != 0, walIsEmpty(path + "-wal") else { return path }
        return "file:" + uriEscaped(path) + "?immutable=1"
    }

    private static func walIsEmpty(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 || info.st_size == 0
    }

    /// A path as a URI's path: every byte but the unreserved ones and "/" percent-encoded, so a
    /// "?", "#" or "%" in a folder's name stays part of the path.
    private static func uriEscaped(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

extension TrainingStore {
    /// Whether a store at `location` could be written: else `.readOnly` is the way to read it.
    public static func isWritable(_ location: StoreLocation) -> Bool { DatabaseFile.isWritable(location) }
}
