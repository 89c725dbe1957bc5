import Foundation
import PeachCore
import PeachRig
import PeachSettings
import PeachTools

/// Which synth Peach starts when no other is there (synth.engine resolved against what is
/// installed and the sound), and its launcher: the one place `train`, `play` and `doctor` ask.
enum SynthComposition {
    static func locator() -> SoundFontLocator {
        SoundFontLocator(environment: ProcessInfo.processInfo.environment)
    }

    static func choice(_ synth: SynthLaunchSettings, sound: SoundSelection,
                       locator: SoundFontLocator = locator()) -> SynthEngineChoice {
        let preferred: SynthEngine? = switch synth.engine {
        case .automatic: nil
        case .amsynth: .amsynth
        case .fluidSynth: .fluidSynth
        }
        return SynthEngineChoice.choose(preferred: preferred, sound: sound) { locator.executable(of: $0) != nil }
    }

    static func launcher(for engine: SynthEngine, synth: SynthLaunchSettings, settings: RigSettings,
                         locator: SoundFontLocator = locator()) -> any SynthLauncher {
        switch engine {
        case .fluidSynth:
            FluidSynthLauncher(settings: synth, locator: locator)
        case .amsynth:
            AmsynthLauncher(settings: synth, channel: settings.midiChannel, bendRange: settings.pitchBendRange,
                            locator: locator, environment: ProcessInfo.processInfo.environment)
        }
    }
}
