import PeachTools
import Testing

@Suite("SynthEngine: a running synth known by its client's name")
struct SynthEngineRecognitionTests {
    @Test("FluidSynth (whole cents) and amsynth (exact) whoever started them; anything else unknown",
          arguments: [("FLUID Synth (4321)", SynthEngine.fluidSynth), ("FLUID Synth (qsynth)", .fluidSynth),
                      ("amsynth", .amsynth), ("amsynth-2", .amsynth),
                      ("Yoshimi", nil), ("TiMidity", nil), ("My FLUID Synth copy", nil), ("", nil)] as [(String, SynthEngine?)])
    func recognised(name: String, engine: SynthEngine?) {
        #expect(SynthEngine(clientName: name) == engine)
        #expect((SynthEngine(clientName: name)?.rendersWholeCents ?? false) == (engine == .fluidSynth))
    }
}
