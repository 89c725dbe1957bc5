/// A scale of twelve pitches per period laid over the keyboard: each key's pitch is fixed, so
/// an interval's size depends on the key it starts from (meantone: C–E pure, G#–C a wolf).
public struct TwelveToneScale: Hashable, Sendable {
    /// Cents of degrees 0…11 above degree 0; degree 0 is always 0.
    public let degrees: [Double]
    /// Cents of the period, usually the octave (1200).
    public let period: Double
    public let anchor: TuningAnchor

    /// `pitches` are the eleven degrees above the unison plus the period, as a Scala file lists them.
    public init(pitches: [Double], anchor: TuningAnchor = .standard) throws(DomainValueError) {
        guard pitches.count == 12 else {
            throw .outOfRange(type: "notes per period", value: "\(pitches.count)", allowed: "12")
        }
        guard pitches.allSatisfy(\.isFinite) else { throw .notFinite(type: "scale pitch") }
        guard let period = pitches.last, period > 0 else {
            throw .outOfRange(type: "period", value: "\(pitches.last ?? 0) cents", allowed: "above the unison")
        }
        self.degrees = [0] + pitches.dropLast()
        self.period = period
        self.anchor = anchor
    }

    /// From deviations from equal temperament per pitch class, C first (as temperament tables print them).
    init(deviationsFromC deviations: [Double]) {
        let pitches = (1...11).map { Double($0) * 100 + deviations[$0] - deviations[0] } + [1200]
        try! self.init(pitches: pitches)
    }

    /// Cents of note number `note` above the anchor's degree 0 in MIDI octave −1 (note `degreeZero`);
    /// a plain number, since an interval's far end may lie beyond the MIDI range.
    func scaleCents(of note: Int) -> Double {
        let steps = note - anchor.degreeZero
        return Double(steps.floorDivided(by: 12)) * period + degrees[steps.euclideanRemainder(12)]
    }

    /// Cents of `note` above the anchor's reference note.
    func cents(of note: Int) -> Double {
        scaleCents(of: note) - scaleCents(of: anchor.referenceNote.rawValue)
    }

    /// Each pitch class's deviation from equal temperament in cents, C first, relative to
    /// degree 0 (which deviates by 0): the way temperament tables print them.
    public var deviationsFromEqualTemperament: [Double] {
        (0...11).map { pitchClass in
            let degree = (pitchClass - anchor.degreeZero).euclideanRemainder(12)
            return degrees[degree] - Double(degree) * 100
        }
    }
}
