/// A MIDI note number, 0…127. 60 is C4 and 69 is A4 (octave = note / 12 − 1).
public struct MIDINote: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let validRange = 0...127
    public static let a4 = MIDINote(uncheckedRawValue: 69)
    public static let middleC = MIDINote(uncheckedRawValue: 60)

    public let rawValue: Int

    public init(_ rawValue: Int) throws(DomainValueError) {
        guard Self.validRange.contains(rawValue) else {
            throw .outOfRange(type: "MIDI note", value: String(rawValue), allowed: "0…127")
        }
        self.rawValue = rawValue
    }

    /// For values the code has already proven valid; user input goes through the throwing init.
    init(uncheckedRawValue: Int) {
        precondition(Self.validRange.contains(uncheckedRawValue))
        self.rawValue = uncheckedRawValue
    }

    private static let pitchClassNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    private static let flatSpellings = ["DB": "C#", "EB": "D#", "GB": "F#", "AB": "G#", "BB": "A#"]

    /// Pitch class and octave, sharps only: "A4", "C#3", "C-1".
    public var name: String {
        let octave = rawValue.floorDivided(by: 12) - 1
        return Self.pitchClassNames[rawValue.euclideanRemainder(12)] + String(octave)
    }

    public var description: String { name }

    /// Parses "A4", "c#3", "Bb2", "C-1" or a plain MIDI number such as "69".
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        if let number = Int(trimmed) {
            try self.init(number)
            return
        }
        let upper = trimmed.uppercased()
        let expected = "a note name like A4 or C#3, or a MIDI number 0…127"
        let letterAndAccidental: String
        if upper.count >= 2, [Character("#"), Character("B")].contains(upper[upper.index(after: upper.startIndex)]),
           Int(upper.dropFirst(2)) != nil {
            letterAndAccidental = String(upper.prefix(2))
        } else {
            letterAndAccidental = String(upper.prefix(1))
        }
        let pitchClassName = Self.flatSpellings[letterAndAccidental] ?? letterAndAccidental
        guard let pitchClass = Self.pitchClassNames.firstIndex(of: pitchClassName),
              let octave = Int(upper.dropFirst(letterAndAccidental.count)) else {
            throw .malformed(type: "note", value: text, expected: expected)
        }
        let number = (octave + 1) * 12 + pitchClass
        guard Self.validRange.contains(number) else {
            throw .outOfRange(type: "MIDI note", value: "\(text) (\(number))", allowed: "C-1…G9 (0…127)")
        }
        self.init(uncheckedRawValue: number)
    }

    /// The note `interval` away, or an error when it would leave 0…127.
    public func transposed(by interval: DirectedInterval) throws(DomainValueError) -> MIDINote {
        try MIDINote(rawValue + interval.semitones)
    }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MIDINote: ExpressibleByIntegerLiteral {
    /// Literals in code only; a literal outside 0…127 is a programming error.
    public init(integerLiteral value: Int) { self.init(uncheckedRawValue: value) }
}
