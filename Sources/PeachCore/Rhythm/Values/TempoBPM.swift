/// A metronome tempo in whole beats per minute, a quarter note to the beat.
///
/// `init(_:)` takes a tempo to train at, within `range`; `init(recorded:)` takes any positive
/// tempo, for the records: the iOS app lets its users train at 40…200 BPM, and their histories
/// must come across whole. The training floor is the iOS app's (about 60 BPM: slower, a
/// sixteenth lasts more than a quarter of a second and the four clicks stop being heard as one
/// figure); the ceiling keeps a sixteenth at 62.5 ms or more, still far longer than a click
/// and a finger's travel.
public struct TempoBPM: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = 60...240

    public let value: Int

    public init(_ value: Int) throws(DomainValueError) {
        guard Self.range.contains(value) else {
            throw .outOfRange(type: "tempo", value: "\(value) BPM",
                              allowed: "\(Self.range.lowerBound)…\(Self.range.upperBound) BPM")
        }
        self.value = value
    }

    /// A record's tempo: any positive number of beats per minute.
    public init(recorded value: Int) throws(DomainValueError) {
        guard value > 0 else {
            throw .outOfRange(type: "tempo", value: "\(value) BPM", allowed: "a positive number of BPM")
        }
        self.value = value
    }

    init(unchecked value: Int) {
        precondition(Self.range.contains(value))
        self.value = value
    }

    /// A quarter note divided by four.
    public var sixteenth: Duration { .nanoseconds(15_000_000_000 / Int64(value)) }

    /// The length of a sixteenth in milliseconds, unrounded: what percentages are taken of.
    public var sixteenthMilliseconds: Double { 15_000 / Double(value) }

    public var description: String { "\(value) BPM" }

    public static func < (lhs: TempoBPM, rhs: TempoBPM) -> Bool { lhs.value < rhs.value }
}
