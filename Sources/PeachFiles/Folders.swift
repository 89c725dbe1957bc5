import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's folders: Peach's data and config are their own, so each folder it creates is
/// 0700 whatever the umask; folders that exist keep their mode.
public enum Folders {
    /// Creates `path` and every missing folder above it. Throws naming the folder that could not
    /// be made, or `path` itself when it exists and is not a folder.
    public static func createPrivate(_ path: String) throws(FileWriteError) {
        var created = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            created += "/" + component
            if mkdir(created, 0o700) == 0 {
                chmod(created, 0o700)   // the umask may have narrowed it
            } else if errno != EEXIST {
                throw FileWriteError(path: created, reason: Errno.current.description)
            }
        }
        guard FileKind.of(path) == .directory else {
            throw FileWriteError(path: path, reason: "it exists and is not a folder")
        }
    }
}

extension Errno {
    /// The calling thread's errno, read at once.
    static var current: Errno { Errno(rawValue: errno) }
}

/// An empty file made before another program (SQLite) opens it, so it never exists with a
/// wider mode than asked for.
public enum EmptyFile {
    /// Creates `path` with exactly `mode`, whatever the umask. Returns false, changing nothing,
    /// when something is there already.
    public static func create(_ path: String, mode: mode_t) throws(FileWriteError) -> Bool {
        do {
            let descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: .ownerReadWrite)
            try descriptor.closeAfter {
                guard fchmod(descriptor.rawValue, mode) == 0 else { throw Errno.current }
            }
            return true
        } catch Errno.fileExists {
            return false
        } catch {
            throw FileWriteError(path: path, reason: (error as? Errno)?.description ?? "\(error)")
        }
    }
}
