import ALSASequencer
import PeachTools
import Testing

/// No synth installed: `peach train` and `peach doctor` give the same advice (amsynth, the
/// default engine, first), where train said fluidsynth + fluid-soundfont-gm and doctor amsynth.
@Suite("One install advice when no synth is installed")
struct SynthInstallAdviceTests {
    @Test("train's error and doctor's synth-port and FluidSynth findings carry the same advice")
    func sameAdvice() throws {
        let train = SynthInstallAdvice.notInstalled(.fluidSynth, named: false, nameOne: "name a synth with --to")
        #expect(train == "no synth port found and no synth is installed for Peach to start: "
                + "sudo apt install amsynth   (or fluidsynth timgm6mb-soundfont for General MIDI sounds); "
                + "or name a synth with --to")
        #expect(!train.contains("fluid-soundfont-gm"))

        let port = SynthPortCheck(facts: PortChecksTests.facts([PortChecksTests.through]), fluidSynthStartable: false).finding
        #expect(try #require(port.fix).contains(SynthInstallAdvice.noEngine))
        let fluidSynth = FluidSynthCheck(executable: nil, externalSynth: nil, autoStart: true, engine: .fluidSynth,
                                         amsynthInstalled: false).finding
        #expect(fluidSynth.fix == SynthInstallAdvice.noEngine)
        #expect(train.contains(SynthInstallAdvice.noEngine))
    }

    @Test("an engine synth.engine names is missing: install that one, or let auto choose")
    func namedEngineMissing() {
        #expect(SynthInstallAdvice.notInstalled(.amsynth, named: true, nameOne: "N")
                == "no synth port found and amsynth (synth.engine amsynth) is not installed: sudo apt install amsynth, "
                    + "set synth.engine to auto, or N")
        #expect(SynthInstallAdvice.notInstalled(.fluidSynth, named: true, nameOne: "N")
                == "no synth port found and FluidSynth is not installed (synth.engine fluidsynth): "
                    + "sudo apt install fluidsynth timgm6mb-soundfont, set synth.engine to auto, or N")
    }
}
