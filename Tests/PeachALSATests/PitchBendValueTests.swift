import PeachALSA
import PeachCore
import Testing

@Suite("Pitch-bend wire values")
struct PitchBendValueTests {
    @Test func valuesOutsideFourteenBitsAreRefused() {
        #expect(throws: DomainValueError.self) { try PitchBendValue(16384) }
        #expect(throws: DomainValueError.self) { try PitchBendValue(-1) }
    }

    @Test func pitchBendValueSplitsIntoSevenBitBytes() throws {
        let bend = try PitchBendValue(0x1234)
        #expect(bend.lsb == 0x34 && bend.msb == 0x24)
        #expect(PitchBendValue(lsb: 0x34, msb: 0x24) == bend)
        #expect(PitchBendValue.centre.signedValue == 0)
        #expect(try PitchBendValue(0).signedValue == -8192)
    }
}
