#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names (device and inode): the store compares it after each write to
/// notice its file deleted or replaced under a running session, whose writes would otherwise
/// go on into a file no name reaches any more.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// nil when nothing is at `path`.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
