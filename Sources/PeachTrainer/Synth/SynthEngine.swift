import PeachALSA

/// A synth Peach can start itself when no other is there.
public enum SynthEngine: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// amsynth: floating-point pitch arithmetic (`VoiceAllocationUnit.cpp`), so it sounds the
    /// 14-bit bend's pitch exactly; one tone, the one Peach ships (config/amsynth).
    case amsynth
    /// FluidSynth: every General MIDI sound from a soundfont, but whole cents only (it drops
    /// the fraction of a cent; BENCHMARKS.md figure 2).
    case fluidSynth = "fluidsynth"

    /// A running synth Peach did not start, by its sequencer client's name (`KnownSynth`).
    public init?(clientName: String) {
        switch KnownSynth(clientName: clientName) {
        case .fluidSynth?: self = .fluidSynth
        case .amsynth?: self = .amsynth
        case nil: return nil
        }
    }

    /// The name a musician knows it by.
    public var name: String {
        switch self {
        case .amsynth: "amsynth"
        case .fluidSynth: "FluidSynth"
        }
    }

    /// Whether it renders whole cents only (then the difficulty floor is one cent).
    public var rendersWholeCents: Bool { self == .fluidSynth }

    /// How it takes a loudness offset: both apply CC 11 with the General MIDI curve, FluidSynth
    /// through its SF2 default modulator, amsynth through the controller map Peach writes
    /// (`AmsynthSetup.controllersFile`).
    public var loudnessResponse: LoudnessResponse { .expression }

    /// Its Debian package, for the advice to install it.
    public var package: String {
        switch self {
        case .amsynth: "amsynth"
        case .fluidSynth: "fluidsynth"
        }
    }

    public var description: String { name }
}
