import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files being written right now (`AtomicFile`'s, beside their targets), so that
/// a command ended by a signal removes them on its way out instead of leaving
/// `.peach-UUID.tmp` beside the file it was asked to write.
public final class TemporaryFiles: Sendable {
    private let paths = Mutex<Set<String>>([])

    public init() {}

    func add(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    func remove(_ path: String) { _ = paths.withLock { $0.remove(path) } }

    /// Those not yet renamed into place or removed.
    public var inProgress: Set<String> { paths.withLock { $0 } }

    /// Unlinks every one still being written; their writers are about to end with the process.
    public func removeAll() {
        paths.withLock { paths in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
