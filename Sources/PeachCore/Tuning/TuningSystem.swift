/// How intervals map to cents. An enum: a new system is a new case plus its offsets.
public enum TuningSystem: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case equalTemperament
    case justIntonation

    public var description: String { rawValue }

    public init(parsing name: String) throws(DomainValueError) {
        guard let system = TuningSystem(rawValue: name.trimmingWhitespace()) else {
            throw .unknownName(type: "tuning system", value: name, known: TuningSystem.allCases.map(\.rawValue))
        }
        self = system
    }

    /// The size of `interval` in this system.
    public func centOffset(for interval: Interval) -> Cents {
        switch self {
        case .equalTemperament:
            return Cents(unchecked: Double(interval.semitones) * 100)
        case .justIntonation:
            // 5-limit ratios: 16/15, 9/8, 6/5, 5/4, 4/3, 45/32, 3/2, 8/5, 5/3, 9/5, 15/8, 2/1.
            let table: [Double] = [0, 111.731, 203.910, 315.641, 386.314, 498.045, 590.224,
                                   701.955, 813.686, 884.359, 1017.596, 1088.269, 1200]
            return Cents(unchecked: table[interval.semitones])
        }
    }

    /// The signed size of a directed interval.
    public func centOffset(for interval: DirectedInterval) -> Cents {
        let size = centOffset(for: interval.interval)
        return interval.direction == .up ? size : -size
    }

    /// The frequency bridge: the note's distance from A4 is split into whole octaves and a
    /// remainder 0…11, the remainder is sized by this system, and the note's own offset is added.
    public func frequency(of pitch: DetunedMIDINote, referencePitch: Frequency) -> Frequency {
        let distance = pitch.note.rawValue - MIDINote.a4.rawValue
        let octaves = distance.floorDivided(by: 12)
        let remainder = distance.euclideanRemainder(12)
        let cents = Double(octaves) * 1200
            + centOffset(for: Interval(rawValue: remainder)!).rawValue
            + pitch.offset.rawValue
        return referencePitch.shifted(by: Cents(unchecked: cents))
    }

    /// The frequency of `interval` above (or below) the frequency of `reference`.
    ///
    /// Sized from the reference, not from A4: an A-centred just scale has impure intervals
    /// between other degrees (B to F# would be 680 cents), and training must hear pure ones.
    public func frequency(of interval: DirectedInterval, from reference: Frequency, detunedBy offset: Cents = .zero) -> Frequency {
        reference.shifted(by: centOffset(for: interval) + offset)
    }
}
