/// A note-on velocity, 1…127 (0 would mean note-off in MIDI).
public struct MIDIVelocity: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let validRange = 1...127

    public let rawValue: Int

    public init(_ rawValue: Int) throws(DomainValueError) {
        guard Self.validRange.contains(rawValue) else {
            throw .outOfRange(type: "MIDI velocity", value: String(rawValue), allowed: "1…127")
        }
        self.rawValue = rawValue
    }

    /// Clamps into 1…127; for values computed by code, such as a velocity scaled by loudness.
    public init(clamping value: Int) {
        self.rawValue = min(max(value, Self.validRange.lowerBound), Self.validRange.upperBound)
    }

    init(unchecked rawValue: Int) { self.rawValue = rawValue }

    public var description: String { String(rawValue) }

    public static func < (lhs: MIDIVelocity, rhs: MIDIVelocity) -> Bool { lhs.rawValue < rhs.rawValue }
}
