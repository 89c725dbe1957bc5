import PeachCore
import PeachRig

/// Which synth Peach starts, and why: the `synth.engine` setting resolved against what is
/// installed and the sound the settings ask for. One function, so `peach train`, `peach play`
/// and `peach doctor` start the same one.
public struct SynthEngineChoice: Hashable, Sendable {
    public let engine: SynthEngine
    /// Why this one, for the notice at start and `peach doctor`.
    public let reason: String
    /// The sound the settings ask for is a General MIDI one that this engine cannot play
    /// (amsynth has Peach's tone only): it plays its own tone instead.
    public let ignoresSound: Bool

    /// - Parameter preferred: synth.engine; nil is `auto`.
    /// - Parameter sound: sound.program and sound.bank; anything but program 0 of bank 0 chooses a
    ///   General MIDI sound (the default, 0/0, is Peach's own tone on amsynth).
    public static func choose(preferred: SynthEngine?, sound: SoundSelection,
                              installed: (SynthEngine) -> Bool) -> SynthEngineChoice {
        let generalMIDI = sound != RigSettings.defaults.sound
        let soundText = "sound.program \(sound.program) (bank \(sound.bank))"
        if let preferred {
            let ignores = preferred == .amsynth && generalMIDI
            return SynthEngineChoice(
                engine: preferred,
                reason: "synth.engine is \(preferred.rawValue)"
                    + (ignores ? "; \(soundText) is a General MIDI sound, so amsynth plays Peach's own tone instead "
                        + "(synth.engine fluidsynth plays it)" : ""),
                ignoresSound: ignores)
        }
        if generalMIDI {
            if installed(.fluidSynth) || !installed(.amsynth) {
                return SynthEngineChoice(engine: .fluidSynth,
                                         reason: "synth.engine auto: \(soundText) is a General MIDI sound, which FluidSynth plays",
                                         ignoresSound: false)
            }
            return SynthEngineChoice(engine: .amsynth,
                                     reason: "synth.engine auto: \(soundText) is a General MIDI sound, but FluidSynth is not "
                                         + "installed, so amsynth plays Peach's own tone instead",
                                     ignoresSound: true)
        }
        if installed(.amsynth) {
            return SynthEngineChoice(engine: .amsynth, reason: "synth.engine auto: amsynth is installed (exact pitch)",
                                     ignoresSound: false)
        }
        return SynthEngineChoice(engine: .fluidSynth,
                                 reason: "synth.engine auto: amsynth is not installed (sudo apt install amsynth for exact pitch)",
                                 ignoresSound: false)
    }
}
