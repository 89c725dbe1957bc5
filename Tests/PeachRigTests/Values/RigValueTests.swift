import PeachCore
import PeachRig
import Testing

@Suite("Rig value types")
struct RigValueTests {
    @Test func validatedTypesRefuseValuesOutsideTheirRanges() {
        #expect(throws: DomainValueError.self) { try MIDIChannel(0) }
        #expect(throws: DomainValueError.self) { try MIDIChannel(17) }
        #expect(throws: DomainValueError.self) { try PitchBendRange(semitones: 0) }
        #expect(throws: DomainValueError.self) { try SoundSelection(program: 128) }
        #expect(throws: DomainValueError.self) { try SoundSelection(program: 0, bank: 16384) }
    }

    @Test func channelsAreNumberedFromOneAndSentFromZero() throws {
        #expect(try MIDIChannel(10).wireValue == 9)
        #expect(MIDIChannel.percussion == (try MIDIChannel(10)))
    }

    @Test func bendRangeInCentsAndBankInSevenBitHalves() throws {
        #expect(try PitchBendRange(semitones: 12).cents == 1200)
        let sound = try SoundSelection(program: 5, bank: 129)
        #expect(sound.bankMSB == 1 && sound.bankLSB == 1)
    }

    @Test func defaultsAreValidValues() throws {
        #expect(RigSettings.defaults.midiChannel == (try MIDIChannel(1)))
        #expect(RigSettings.defaults.pitchBendRange == (try PitchBendRange(semitones: 2)))
        #expect(RigSettings.defaults.sound == (try SoundSelection(program: 0)))
        #expect(RigSettings.defaults.outputPort == nil && RigSettings.defaults.inputPort == nil)
    }
}
