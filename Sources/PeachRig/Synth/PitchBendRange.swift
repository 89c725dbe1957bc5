import PeachCore

/// How many semitones a full pitch-bend deflection means on the synth: 1…24.
public struct PitchBendRange: Hashable, Sendable, CustomStringConvertible {
    public static let validSemitones = 1...24

    public let semitones: Int

    public init(semitones: Int) throws(DomainValueError) {
        guard Self.validSemitones.contains(semitones) else {
            throw .outOfRange(type: "pitch-bend range", value: "\(semitones) semitones", allowed: "1…24 semitones")
        }
        self.semitones = semitones
    }

    init(unchecked semitones: Int) { self.semitones = semitones }

    public var cents: Cents { Cents(integerLiteral: semitones * 100) }

    public var description: String { "±\(semitones) semitones" }
}
