/// How far a synth really bends at full deflection for the range it was told.
///
/// Most synths bend exactly the range. FluidSynth's default pitch-wheel modulator bends
/// 12 700 cents × sensitivity / 128, i.e. 99.22 cents per semitone of range: ±198.44 c at ±2
/// semitones, 0.78 % short, which puts a 50-cent offset 0.4 c flat unless the bend makes up for it
/// (BENCHMARKS.md, figure 2, measured it). It also sounds whole cents only, dropping the
/// fraction of a note's total cents (`src/utils/fluid_conv.c` up to 2.6.0; figure 2 measured the
/// step function ⌊x⌋ for Debian 12's 2.3.1).
public enum BendResponse: Hashable, Sendable {
    case exact
    case fluidSynth

    /// Cents per semitone of bend range.
    public var centsPerSemitone: Double {
        switch self {
        case .exact: 100
        case .fluidSynth: 12_700.0 / 128
        }
    }

    /// Whether the synth sounds only whole cents by dropping the fraction (truncation): asked
    /// for x cents above a note it sounds ⌊x⌋, +1.86 c as +1 and −1.86 c as −2.
    public var truncatesToWholeCents: Bool { self == .fluidSynth }
}
