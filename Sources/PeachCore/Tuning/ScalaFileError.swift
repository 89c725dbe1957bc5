/// Why a Scala file (`.scl` or `.kbm`) was refused, and where: the file's name as the user
/// gave it and the 1-based line.
public struct ScalaFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let source: String
    /// nil when the problem is the file as a whole (it ends too early, it is not 12 notes…).
    public let line: Int?
    public let reason: String

    public init(source: String, line: Int?, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var description: String {
        (line.map { "\(source):\($0): " } ?? "\(source): ") + reason.terminalSafe
    }
}
