import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
