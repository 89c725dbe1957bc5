import PeachCore

/// A 14-bit MIDI pitch-bend value, 0…16383, with 8192 meaning no bend.
public struct PitchBendValue: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let validRange = 0...16383
    public static let centre = PitchBendValue(unchecked: 8192)

    public let rawValue: Int

    public init(_ rawValue: Int) throws(DomainValueError) {
        guard Self.validRange.contains(rawValue) else {
            throw .outOfRange(type: "pitch bend", value: String(rawValue), allowed: "0…16383")
        }
        self.rawValue = rawValue
    }

    /// Builds the value from MIDI's two 7-bit data bytes (LSB first on the wire).
    public init(lsb: UInt8, msb: UInt8) {
        self.rawValue = Int(msb & 0x7F) << 7 | Int(lsb & 0x7F)
    }

    init(unchecked rawValue: Int) { self.rawValue = rawValue }

    /// Signed distance from the centre, −8192…8191, as ALSA's sequencer carries it.
    public var signedValue: Int { rawValue - 8192 }

    public var lsb: UInt8 { UInt8(rawValue & 0x7F) }
    public var msb: UInt8 { UInt8(rawValue >> 7) }

    public var description: String { String(rawValue) }

    public static func < (lhs: PitchBendValue, rhs: PitchBendValue) -> Bool { lhs.rawValue < rhs.rawValue }
}
