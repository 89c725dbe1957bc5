import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock, between processes, for a read-modify-write of a file that must not
/// interleave with another (two `peach settings set` at once would each write the file they
/// read, and the last rename would drop the other's key). `flock` on the file's folder: the
/// file itself is replaced by rename, so a lock on it would lock the old inode, and a lock
/// file beside it would be one more file in the user's folder, left there for good (removing
/// it would let a third writer lock a new one while the second holds the old).
public final class FileLock {
    private let descriptor: FileDescriptor
    private var released = false

    /// Waits until the lock on `path`'s folder (which must exist) is this process's. Released
    /// by `release()`, or when the process ends.
    public init(folderOf path: String) throws(FileWriteError) {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        do {
            descriptor = try FileDescriptor.open(FilePath(folder), .readOnly, options: [.directory, .closeOnExec])
        } catch {
            throw FileWriteError(path: folder, reason: (error as? Errno)?.description ?? "\(error)")
        }
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            let failure = Errno.current
            guard failure == .interrupted else {
                try? descriptor.close()
                throw FileWriteError(path: folder, reason: "cannot lock it: \(failure.description)")
            }
        }
    }

    /// Closing the descriptor releases the lock; a second call does nothing.
    public func release() {
        guard !released else { return }
        released = true
        try? descriptor.close()
    }

    deinit { release() }
}
