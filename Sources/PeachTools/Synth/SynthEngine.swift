import PeachALSA

/// A synth Peach can start itself when no other is there; what it knows of each is its
/// `SynthProfile`, what starts it a launcher in the executable.
public enum SynthEngine: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// amsynth: exact pitch; one tone, the one Peach ships (config/amsynth).
    case amsynth
    /// FluidSynth: every General MIDI sound from a soundfont, but whole cents only.
    case fluidSynth = "fluidsynth"

    /// A running synth Peach did not start, if its profile is one of these engines'.
    public init?(clientName: String) {
        guard let profile = SynthProfile.recognising(clientName: clientName),
              let engine = Self.allCases.first(where: { $0.profile == profile }) else { return nil }
        self = engine
    }

    public var profile: SynthProfile {
        switch self {
        case .amsynth: .amsynth
        case .fluidSynth: .fluidSynth
        }
    }

    /// The name a musician knows it by.
    public var name: String { profile.name }

    /// Whether it renders whole cents only (then the difficulty floor is one cent).
    public var rendersWholeCents: Bool { profile.rendersWholeCents }

    /// How it takes a loudness offset once Peach started it: both apply CC 11 with the General
    /// MIDI curve, FluidSynth through its SF2 default modulator, amsynth through the controller
    /// map Peach writes (`AmsynthSetup.controllersFile`).
    public var loudnessResponse: LoudnessResponse { profile.loudnessWhenStartedByPeach }

    /// Its Debian package, for the advice to install it.
    public var package: String { profile.package ?? rawValue }

    public var description: String { name }
}
