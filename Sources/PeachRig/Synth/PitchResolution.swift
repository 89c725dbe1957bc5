import PeachCore

/// The finest pitch step the synth renders. A comparison smaller than it would compare a note
/// with itself, so the difficulty never goes below it (Debian 12's FluidSynth renders whole
/// cents: +0.3, +0.6 and +0.9 c all sound as 0 c).
public enum PitchResolution: Hashable, Sendable, CustomStringConvertible {
    /// Whatever the output is: FluidSynth's step for a FluidSynth (Peach's own, or one
    /// recognised by its client name, e.g. Qsynth's), exact for any other synth.
    case automatic
    /// Declared by the user; 0 = exact.
    case cents(Cents)

    public static let allowedCents = 0.0...100.0
    /// What FluidSynth 2.3 renders (measured: BENCHMARKS.md, figure 2; docs/guide.md, "Difficulty floor").
    public static let fluidSynthStep: Cents = 1

    public static func cents(validating value: Double) throws(DomainValueError) -> PitchResolution {
        guard allowedCents.contains(value) else {
            throw .outOfRange(type: "pitch resolution", value: "\(value)",
                              allowed: "\(allowedCents.lowerBound)…\(allowedCents.upperBound) cents, or auto")
        }
        return .cents(try Cents(value))
    }

    /// `auto` or a number of cents.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "auto" {
            self = .automatic
            return
        }
        guard let value = Double(trimmed) else {
            throw .malformed(type: "pitch resolution", value: text, expected: "auto or a number of cents, e.g. 1")
        }
        self = try Self.cents(validating: value)
    }

    /// The step in effect, given whether the synth is one that renders whole cents.
    public func step(synthRendersWholeCents: Bool) -> Cents {
        switch self {
        case .automatic: synthRendersWholeCents ? Self.fluidSynthStep : .zero
        case .cents(let cents): cents
        }
    }

    /// The difficulty strategy's floor: never finer than the synth can render.
    /// One whole step for a whole-cent synth: the two notes, each rounded to its nearest cent,
    /// then always differ in the asked direction (half a step could sound as none).
    public func difficultyFloor(synthRendersWholeCents: Bool) -> Double {
        max(KazezStrategy.defaultMinimum, step(synthRendersWholeCents: synthRendersWholeCents).rawValue)
    }

    public var text: String {
        switch self {
        case .automatic: "auto"
        case .cents(let cents): "\(cents.rawValue)"
        }
    }

    public var description: String { text }
}
