import PeachCore

/// A MIDI channel as musicians number it, 1…16 (10 is General MIDI percussion).
public struct MIDIChannel: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let validRange = 1...16
    public static let percussion = MIDIChannel(unchecked: 10)

    public let number: Int

    public init(_ number: Int) throws(DomainValueError) {
        guard Self.validRange.contains(number) else {
            throw .outOfRange(type: "MIDI channel", value: String(number), allowed: "1…16")
        }
        self.number = number
    }

    init(unchecked number: Int) { self.number = number }

    /// The 0…15 value on the wire.
    public var wireValue: UInt8 { UInt8(number - 1) }

    public var description: String { String(number) }

    public static func < (lhs: MIDIChannel, rhs: MIDIChannel) -> Bool { lhs.number < rhs.number }
}
