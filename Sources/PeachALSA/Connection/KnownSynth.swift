/// A synth Peach knows by its sequencer client's name, whoever started it: FluidSynth's
/// clients are "FLUID Synth (…)" (Peach, Qsynth, a service), amsynth's "amsynth".
public enum KnownSynth: Hashable, Sendable {
    case fluidSynth
    case amsynth

    /// nil: a synth Peach knows nothing particular about.
    public init?(clientName: String) {
        if clientName.hasPrefix("FLUID Synth") {
            self = .fluidSynth
        } else if clientName.lowercased().hasPrefix("amsynth") {
            self = .amsynth
        } else {
            return nil
        }
    }
}
