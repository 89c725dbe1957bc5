/// The silence between the two notes of a comparison: 0…5 s.
public struct NoteGap: Hashable, Sendable, CustomStringConvertible {
    public static let allowedSeconds = 0.0...5.0

    public let seconds: Double

    public init(seconds: Double) throws(DomainValueError) {
        guard seconds.isFinite else { throw .notFinite(type: "note gap") }
        guard Self.allowedSeconds.contains(seconds) else {
            throw .outOfRange(type: "note gap", value: "\(seconds) s", allowed: "0…5 s")
        }
        self.seconds = seconds
    }

    init(uncheckedSeconds: Double) { self.seconds = uncheckedSeconds }

    public var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    public var description: String { "\(seconds) s" }
}
