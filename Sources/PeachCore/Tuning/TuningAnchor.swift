/// Where a twelve-note scale sits on the keyboard: which pitch class is its degree 0 and which
/// note sounds at which frequency (the rule Scala's `.kbm` files give).
public struct TuningAnchor: Hashable, Sendable, CustomStringConvertible {
    /// Pitch class 0…11 (C = 0) of the scale's degree 0.
    public let degreeZero: Int
    /// The note that sounds exactly at the reference frequency.
    public let referenceNote: MIDINote
    /// Its frequency; nil means the `referencePitch` setting (A4 = 440 Hz by default).
    public let referenceFrequency: Frequency?

    public init(degreeZero: Int = 0, referenceNote: MIDINote = .a4,
                referenceFrequency: Frequency? = nil) throws(DomainValueError) {
        guard (0...11).contains(degreeZero) else {
            throw .outOfRange(type: "pitch class of degree 0", value: "\(degreeZero)", allowed: "0…11")
        }
        self.degreeZero = degreeZero
        self.referenceNote = referenceNote
        self.referenceFrequency = referenceFrequency
    }

    /// Degree 0 on C, A4 at the reference pitch: the convention of temperament tables and of
    /// Scala itself when no keyboard mapping is given.
    public static let standard = try! TuningAnchor()

    static let pitchClassNames = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]

    public var description: String {
        let frequency = referenceFrequency.map { "\($0.hertz) Hz" } ?? "the reference pitch"
        return "degree 0 on \(Self.pitchClassNames[degreeZero]), \(referenceNote.name) at \(frequency)"
    }
}
