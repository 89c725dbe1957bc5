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
