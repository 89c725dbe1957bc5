import Foundation
import PeachCore

/// Why a settings file is not handed to the YAML parser: each reads as the end of a sentence
/// that starts with the file's path.
public enum ConfigFileRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case missing
    case folder
    /// A FIFO, socket or device: reading it could block or never end.
    case notRegularFile
    case unreadable(reason: String)
    /// A parent on the path is a file or device, not a folder (`XDG_CONFIG_HOME=/dev/null`).
    case pathThroughNonFolder(String)
    case tooLarge(bytes: Int)
    case tooManyKeys(count: Int)
    /// An alias (`*name`) repeats what its anchor holds, so a small file can stand for an
    /// enormous one; settings need neither.
    case alias(line: Int)

    public var description: String {
        switch self {
        case .missing:
            "no such file"
        case .folder:
            "is a folder, not a settings file"
        case .notRegularFile:
            "is not a regular file (a pipe, socket or device), so it is not read"
        case .unreadable(let reason):
            "cannot be read: \(reason)"
        case .pathThroughNonFolder(let parent):
            "cannot be read: \(parent.terminalSafe) on its path is not a folder (is XDG_CONFIG_HOME or --config right?)"
        case .tooLarge(let bytes):
            "is \(ConfigFileLimits.sizeText(bytes)); a settings file is a few KB and Peach reads none over "
                + ConfigFileLimits.sizeText(ConfigFileLimits.maximumBytes)
        case .tooManyKeys(let count):
            "holds \(count) keys; Peach knows \(SettingsCatalogue.all.count) settings and reads no file of more than "
                + "\(ConfigFileLimits.maximumKeys) keys"
        case .alias(let line):
            "uses a YAML alias (*name) on line \(line); settings files are read without anchors and aliases"
        }
    }
}

/// How much a settings file may hold. swift-configuration's YAML reading takes time growing
/// with the square of the number of keys (40 000 keys: 41 s), so a file far beyond any real
/// one is refused before it is parsed; within these limits parsing takes milliseconds.
public enum ConfigFileLimits {
    /// 1 MiB: the shipped file, every key with its comment, is about 5 KB.
    public static let maximumBytes = 1 << 20
    /// The catalogue has a few dozen keys; a thousand leaves room for any commented-out
    /// experiment while keeping the parse short.
    public static let maximumKeys = 1_000

    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return String(format: "%.0f KB", Double(bytes) / Double(1 << 10)) }
        return "\(bytes) bytes"
    }
}
