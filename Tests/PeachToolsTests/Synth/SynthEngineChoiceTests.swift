import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("synth.engine: which synth Peach starts")
struct SynthEngineChoiceTests {
    static let ownTone = RigSettings.defaults.sound
    static func generalMIDI() throws -> SoundSelection { try SoundSelection(program: 79) }
    static func installed(_ engines: SynthEngine...) -> (SynthEngine) -> Bool { { engines.contains($0) } }

    @Test("auto with Peach's own sound: amsynth where installed, else FluidSynth with the advice to install amsynth")
    func autoOwnTone() {
        let both = SynthEngineChoice.choose(preferred: nil, sound: Self.ownTone, installed: Self.installed(.amsynth, .fluidSynth))
        #expect(both.engine == .amsynth && !both.ignoresSound)
        #expect(both.reason == "synth.engine auto: amsynth is installed (exact pitch)")
        let fluidOnly = SynthEngineChoice.choose(preferred: nil, sound: Self.ownTone, installed: Self.installed(.fluidSynth))
        #expect(fluidOnly.engine == .fluidSynth)
        #expect(fluidOnly.reason.contains("apt install amsynth"))
        let none = SynthEngineChoice.choose(preferred: nil, sound: Self.ownTone, installed: Self.installed())
        #expect(none.engine == .fluidSynth, "FluidSynth's not-installed error names what to install")
    }

    @Test("auto with a General MIDI sound: FluidSynth plays it; without FluidSynth amsynth plays its own tone and says so")
    func autoGeneralMIDI() throws {
        let both = SynthEngineChoice.choose(preferred: nil, sound: try Self.generalMIDI(), installed: Self.installed(.amsynth, .fluidSynth))
        #expect(both.engine == .fluidSynth && !both.ignoresSound)
        #expect(both.reason.contains("sound.program 79 (bank 0) is a General MIDI sound, which FluidSynth plays"))
        let amsynthOnly = SynthEngineChoice.choose(preferred: nil, sound: try Self.generalMIDI(), installed: Self.installed(.amsynth))
        #expect(amsynthOnly.engine == .amsynth && amsynthOnly.ignoresSound)
        #expect(amsynthOnly.reason.contains("FluidSynth is not installed"))
        let bank = SynthEngineChoice.choose(preferred: nil, sound: try SoundSelection(program: 0, bank: 1),
                                            installed: Self.installed(.amsynth, .fluidSynth))
        #expect(bank.engine == .fluidSynth, "a bank other than 0 is a General MIDI choice too")
    }

    @Test("an engine named is the one started, installed or not; amsynth with a General MIDI sound plays its own tone")
    func named() throws {
        let fluid = SynthEngineChoice.choose(preferred: .fluidSynth, sound: Self.ownTone, installed: Self.installed(.amsynth))
        #expect(fluid.engine == .fluidSynth && fluid.reason == "synth.engine is fluidsynth")
        let amsynth = SynthEngineChoice.choose(preferred: .amsynth, sound: try Self.generalMIDI(), installed: Self.installed())
        #expect(amsynth.engine == .amsynth && amsynth.ignoresSound)
        #expect(amsynth.reason.contains("synth.engine fluidsynth plays it"))
    }

    @Test("amsynth renders exact pitch, FluidSynth whole cents")
    func resolution() {
        #expect(!SynthEngine.amsynth.rendersWholeCents)
        #expect(SynthEngine.fluidSynth.rendersWholeCents)
    }
}
