/// A musical interval of 0…12 semitones.
public enum Interval: Int, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
    case prime = 0
    case minorSecond, majorSecond, minorThird, majorThird, perfectFourth, tritone
    case perfectFifth, minorSixth, majorSixth, minorSeventh, majorSeventh, octave

    public var semitones: Int { rawValue }

    /// The short name used in settings and in the CSV format, e.g. "P5".
    public var abbreviation: String { Self.abbreviations[rawValue] }

    /// Made once: an array literal in the getter was built anew on every call (once per row of an export).
    private static let abbreviations = ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"]

    public var description: String { abbreviation }

    public init(semitones: Int) throws(DomainValueError) {
        guard let interval = Interval(rawValue: semitones) else {
            throw .outOfRange(type: "interval", value: "\(semitones) semitones", allowed: "0…12 semitones")
        }
        self = interval
    }

    /// Case-sensitive, since m2 and M2 differ.
    public init(abbreviation: String) throws(DomainValueError) {
        guard let interval = Interval.allCases.first(where: { $0.abbreviation == abbreviation }) else {
            throw .unknownName(type: "interval", value: abbreviation, known: Interval.allCases.map(\.abbreviation))
        }
        self = interval
    }

    /// The interval between two notes in either order; fails beyond an octave.
    public static func between(_ a: MIDINote, _ b: MIDINote) throws(DomainValueError) -> Interval {
        try Interval(semitones: abs(a.rawValue - b.rawValue))
    }

    public static func < (lhs: Interval, rhs: Interval) -> Bool { lhs.rawValue < rhs.rawValue }
}
