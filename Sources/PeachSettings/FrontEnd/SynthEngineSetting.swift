import PeachCore

/// Which synth Peach starts when no other is there (synth.engine).
public enum SynthEngineSetting: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// amsynth where it is installed and the sound is Peach's own tone, else FluidSynth: a
    /// General MIDI sound (sound.program/sound.bank not 0) is FluidSynth's to play.
    case automatic = "auto"
    /// amsynth with the tone Peach ships: exact pitch (floating-point arithmetic), no General MIDI sounds.
    case amsynth
    /// FluidSynth with a General MIDI soundfont: every General MIDI sound, whole cents only.
    case fluidSynth = "fluidsynth"

    /// `auto`, `amsynth` or `fluidsynth`, in any case.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let engine = Self(rawValue: trimmed) else {
            throw .malformed(type: "synth engine", value: text,
                             expected: Self.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = engine
    }

    public var description: String { rawValue }
}
