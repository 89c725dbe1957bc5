import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A settings file's text, read and screened before swift-configuration parses it: only a
/// regular file, within `ConfigFileLimits`, without aliases. The text has the parser's line
/// breaks (`YAMLLineBreaks`), so line numbers, comments and keys are the parser's.
struct ConfigFileText: Sendable {
    let text: String
    /// Identifies this version of the file, so an unchanged file is not read again.
    let signature: FileSignature

    /// The file's text, or why it is refused; `.missing` when nothing is at `path`.
    /// - Parameter knownSafe: whether a text is known to be safe (the catalogue's own
    ///   rendering), which then needs no screening; asked only once a file was read.
    static func read(path: String, knownSafe: (String) -> Bool = { _ in false }) -> Result<ConfigFileText, ConfigFileRefusal> {
        // Non-blocking, so a FIFO at the path cannot hang the open; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(refusal(errno: errno, path: path)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(refusal(errno: errno, path: path)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.folder) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile) }
        guard Int(info.st_size) <= ConfigFileLimits.maximumBytes else { return .failure(.tooLarge(bytes: Int(info.st_size))) }

        // Read one byte beyond the limit: a file that grew since fstat is still caught.
        let capacity = ConfigFileLimits.maximumBytes + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while count < capacity {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, capacity - count)
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(refusal(errno: errno, path: path))
            }
            count += got
        }
        guard count <= ConfigFileLimits.maximumBytes else { return .failure(.tooLarge(bytes: count)) }
        let text = YAMLLineBreaks.normalised(String(decoding: bytes[..<count], as: UTF8.self))
        if !knownSafe(text), let refusal = YAMLKeyIndicators.refusal(of: text) { return .failure(refusal) }
        return .success(ConfigFileText(text: text, signature: FileSignature(info)))
    }

    /// Why `path` cannot be opened and read as a file, or nil; its content is not read.
    static func problem(opening path: String) -> ConfigFileRefusal? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return refusal(errno: errno, path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return refusal(errno: errno, path: path) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .folder }
        return (info.st_mode & S_IFMT) == S_IFREG ? nil : .notRegularFile
    }

    /// The refusal for a failed open or read, in the system's words ("Permission denied").
    static func refusal(errno code: Int32, path: String) -> ConfigFileRefusal {
        switch code {
        case ENOENT: .missing
        case EISDIR: .folder
        case ENOTDIR: firstNonFolder(on: path).map { .pathThroughNonFolder($0) } ?? .unreadable(reason: String(cString: strerror(code)))
        default: .unreadable(reason: String(cString: strerror(code)))
        }
    }

    /// The first of `path`'s parents that exists but is no folder (`XDG_CONFIG_HOME=/dev/null`).
    static func firstNonFolder(on path: String) -> String? {
        var parent = ""
        for component in path.split(separator: "/").dropLast() {
            parent += "/" + component
            var info = stat()
            guard stat(parent, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) != S_IFDIR { return parent }
        }
        return nil
    }
}

/// Device, inode, size and modification time: what changes when a file is edited or replaced.
struct FileSignature: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }

    /// The signature of what is at `path` now (following symlinks), or nil when nothing is.
    static func current(path: String) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileSignature(info)
    }
}
