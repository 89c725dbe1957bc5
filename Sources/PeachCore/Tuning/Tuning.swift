/// A tuning: the exact pitch of every MIDI note (plus its own cent offset), and from it the
/// target of an interval from a given reference note.
///
/// The two tuning systems of the iOS app size an interval by itself (a just fifth is 3/2 from
/// any note). A temperament or a Scala scale fixes each key's pitch instead, so the same
/// interval has a different size from each key; hence the API takes the reference note, not
/// only the interval.
public struct Tuning: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Intervals sized from the reference: pure in just intonation from every note.
        case system(TuningSystem)
        /// Every key at its own pitch.
        case scale(TwelveToneScale)
    }

    public let identifier: TuningIdentifier
    public let kind: Kind
    /// What the user named a Scala tuning by (its file), to show and write back; not part of
    /// what the tuning is.
    public private(set) var origin: String?

    public init(_ system: TuningSystem) {
        identifier = TuningIdentifier(system)
        kind = .system(system)
    }

    init(identifier: TuningIdentifier, scale: TwelveToneScale) {
        self.identifier = identifier
        kind = .scale(scale)
    }

    /// The same tuning, remembered as named by `origin`.
    public func named(from origin: String) -> Tuning {
        var copy = self
        copy.origin = origin
        return copy
    }

    public static func == (lhs: Tuning, rhs: Tuning) -> Bool { lhs.identifier == rhs.identifier && lhs.kind == rhs.kind }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(kind)
    }

    public static let equalTemperament = Tuning(.equalTemperament)
    public static let justIntonation = Tuning(.justIntonation)

    /// What a person reads: a built-in's name, a Scala scale's description.
    public var name: String { identifier.name }

    public var description: String { name }

    public var scale: TwelveToneScale? {
        if case .scale(let scale) = kind { return scale }
        return nil
    }

    /// The frequency `pitch` sounds at.
    public func frequency(of pitch: DetunedMIDINote, referencePitch: Frequency) -> Frequency {
        switch kind {
        case .system(let system):
            return system.frequency(of: pitch, referencePitch: referencePitch)
        case .scale(let scale):
            let base = scale.anchor.referenceFrequency ?? referencePitch
            return base.shifted(by: Cents(unchecked: scale.cents(of: pitch.note.rawValue)) + pitch.offset)
        }
    }

    /// The signed size of `interval` played from `reference`: the same everywhere in a tuning
    /// system, the distance between the two keys' pitches in a scale.
    public func size(of interval: DirectedInterval, from reference: MIDINote) -> Cents {
        switch kind {
        case .system(let system):
            return system.centOffset(for: interval)
        case .scale(let scale):
            return Cents(unchecked: scale.cents(of: reference.rawValue + interval.semitones)
                - scale.cents(of: reference.rawValue))
        }
    }

    /// The correct pitch of the note `interval` away from `reference`, detuned by `offset`.
    public func frequency(of interval: DirectedInterval, from reference: MIDINote, detunedBy offset: Cents = .zero,
                          referencePitch: Frequency) -> Frequency {
        let start = frequency(of: DetunedMIDINote(reference), referencePitch: referencePitch)
        return start.shifted(by: size(of: interval, from: reference) + offset)
    }
}
