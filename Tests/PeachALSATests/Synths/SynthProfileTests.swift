import PeachALSA
import PeachRig
import Testing

@Suite("SynthProfile: what Peach knows of a synth, chosen by its client's name")
struct SynthProfileTests {
    @Test("recognised synths by their client's name, whoever started them; anything else is General MIDI", arguments: [
        ("FLUID Synth (4711)", SynthProfile.fluidSynth), ("FLUID Synth (peach)", .fluidSynth), ("amsynth", .amsynth),
        ("AMSynth", .amsynth), ("Midi Through", .generalMIDI), ("yoshimi", .generalMIDI), ("Peach Bench Synth 4", .generalMIDI),
    ])
    func recognition(clientName: String, profile: SynthProfile) {
        #expect(SynthProfile(clientName: clientName) == profile)
        #expect((SynthProfile.recognising(clientName: clientName) != nil) == (profile != .generalMIDI))
    }

    @Test("each profile's treatment: bend, loudness, step, quiet around a subscription, click")
    func treatments() throws {
        let channel = try MIDIChannel(3)
        #expect(SynthProfile.fluidSynth.bendResponse == .fluidSynth)
        #expect(SynthProfile.fluidSynth.rendersWholeCents)
        #expect(SynthProfile.fluidSynth.clickSound(notesChannel: channel) == .generalMIDIClaves)
        #expect(SynthProfile.amsynth.bendResponse == .exact)
        #expect(!SynthProfile.amsynth.rendersWholeCents)
        #expect(SynthProfile.amsynth.loudness == .velocity, "its own controller map leaves CC 11 unassigned")
        #expect(SynthProfile.amsynth.loudnessWhenStartedByPeach == .expression, "the map Peach writes routes CC 11")
        #expect(SynthProfile.amsynth.subscriptionNoticeGap.duration == .milliseconds(50))
        #expect(SynthProfile.amsynth.clickSound(notesChannel: channel) == .pitched(on: channel))
        #expect(SynthProfile.generalMIDI.bendResponse == .exact)
        #expect(SynthProfile.generalMIDI.loudness == .expression)
        #expect(SynthProfile.generalMIDI.subscriptionNoticeGap.duration == .zero)
        #expect(SynthProfile.generalMIDI.clickSound(notesChannel: channel) == .generalMIDIClaves)
        #expect(SynthProfile.generalMIDI.package == nil)
        #expect(SynthProfile.recognised.map(\.package) == ["fluidsynth", "amsynth"])
    }
}
