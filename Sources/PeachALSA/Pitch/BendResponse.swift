/// How far a synth really bends at full deflection for the range it was told.
///
/// Most synths bend exactly the range. FluidSynth's default pitch-wheel modulator bends
/// 12 700 cents × sensitivity / 128, i.e. 99.22 cents per semitone of range: ±198.44 c at ±2
/// semitones, 0.78 % short, which puts a 50-cent offset 0.4 c flat unless the bend makes up for it
/// (BENCHMARKS.md, figure 2, measured it).
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

    /// The response of the synth behind a port, by its client's name: FluidSynth's clients are
    /// "FLUID Synth (…)" whoever started them.
    public init(synthClientName: String) {
        self = synthClientName.hasPrefix("FLUID Synth") ? .fluidSynth : .exact
    }
}
