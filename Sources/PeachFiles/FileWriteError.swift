import PeachCore

/// A file or folder that could not be written, and the system's reason.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A path may hold anything, terminal escapes included: shown safe.
    public var description: String { "cannot write \(path): \(reason)".terminalSafe }
}
