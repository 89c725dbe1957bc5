#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, following symbolic links. SQLite (and a whole-file read) would block
/// forever on a named pipe or read without end from a device, so a path is looked at before it
/// is opened and anything but a regular file is refused with a sentence saying what it is.
public enum FileKind: Equatable, Sendable, CustomStringConvertible {
    case regular, directory, namedPipe, characterDevice, blockDevice, socket, other

    /// nil when nothing is there (or the path cannot be looked at: opening it says why).
    public static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .namedPipe
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .namedPipe: "a named pipe (FIFO)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }
}
