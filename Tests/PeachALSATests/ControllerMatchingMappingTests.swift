import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

@Suite("Controller mapping: pitch matching with absolute controls, commit and touch")
struct ControllerMatchingMappingTests {
    /// −1…1 for a 7-bit value and a 14-bit pair.
    static func value7(_ msb: Int) -> Double { Double(msb) / 127 * 2 - 1 }
    static func value14(_ msb: Int, _ lsb: Int) -> Double { Double(msb << 7 | lsb) / 16383 * 2 - 1 }

    @Test("mod wheel from a 7-bit controller: full travel is −1…1, the first movement touches")
    func modWheelSevenBit() {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.cc(1, 0)) == [.touch, .adjust(-1)])
        #expect(mapping.map(E.cc(1, 64)) == [.adjust(Self.value7(64))])
        #expect(mapping.map(E.cc(1, 127)) == [.adjust(1)])
        #expect(mapping.map(E.cc(1, 127)) == [], "an unchanged value is no adjustment")
    }

    @Test("14-bit mod wheel, MSB first: each pair ends exact; the MSB alone resets the LSB")
    func modWheelMSBFirst() {
        var mapping = ControllerMapping.running(.tuning)
        let inputs = mapping.feed([E.cc(1, 64), E.cc(33, 0)])
        #expect(inputs == [.touch, .adjust(Self.value7(64)), .adjust(Self.value14(64, 0))])
        #expect(mapping.feed([E.cc(1, 100), E.cc(33, 50)]) == [.adjust(Self.value14(100, 0)), .adjust(Self.value14(100, 50))])
        // LSB-only fine movement while the MSB stays put.
        #expect(mapping.feed([E.cc(33, 51), E.cc(33, 52)]) == [.adjust(Self.value14(100, 51)), .adjust(Self.value14(100, 52))])
        #expect(mapping.feed([E.cc(1, 127), E.cc(33, 127)]).adjustments.last == 1)
    }

    @Test("14-bit mod wheel, LSB first: each pair ends exact; its LSB alone moves less than an MSB step")
    func modWheelLSBFirst() {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.cc(33, 10)) == [], "an LSB before any MSB has no position yet")
        #expect(mapping.map(E.cc(1, 64)) == [.touch, .adjust(Self.value14(64, 10))])
        var previous = Self.value14(64, 10)
        let oneMSBStep = 2.0 * 128 / 16383
        for (msb, lsb) in [(64, 127), (65, 0), (70, 3), (69, 120), (0, 0), (127, 127)] {
            let values = mapping.feed([E.cc(33, UInt8(lsb)), E.cc(1, UInt8(msb))]).adjustments
            #expect(values.last == Self.value14(msb, lsb), "pair \(msb)/\(lsb)")
            #expect(values.dropLast().allSatisfy { abs($0 - previous) < oneMSBStep }, "pair \(msb)/\(lsb): \(values)")
            previous = Self.value14(msb, lsb)
        }
    }

    @Test("absolute CC, 7-bit: its +32 neighbour is just another CC")
    func absoluteSevenBit() throws {
        var mapping = ControllerMapping.running(.tuning, try ControllerSettings(tuning: TuningControl(parsing: "cc:74")))
        #expect(mapping.map(E.cc(1, 10)) == [], "the mod wheel is not the tuning control now")
        #expect(mapping.map(E.cc(74, 127)) == [.touch, .adjust(1)])
        #expect(mapping.map(E.cc(106, 127)) == [])
        #expect(mapping.map(E.cc(74, 0)) == [.adjust(-1)])
    }

    @Test("absolute CC, 14-bit pair 16/48, in both orders")
    func absoluteFourteenBit() throws {
        var mapping = ControllerMapping.running(.tuning, try ControllerSettings(tuning: TuningControl(parsing: "cc14:16")))
        #expect(mapping.feed([E.cc(16, 32), E.cc(48, 64)]).adjustments.last == Self.value14(32, 64))
        #expect(mapping.feed([E.cc(48, 1), E.cc(16, 96)]).adjustments.last == Self.value14(96, 1))
        #expect(mapping.feed([E.cc(1, 5), E.cc(33, 5)]) == [])
    }

    @Test("touch comes exactly once per trial, before the first adjust")
    func touchOncePerTrial() {
        var mapping = ControllerMapping.running(.tuning)
        for trial in 1...3 {
            let inputs = mapping.feed([E.cc(1, 10), E.cc(1, 20), E.cc(1, 30), E.cc(1, UInt8(40 + trial))])
            #expect(inputs.filter { $0 == .touch }.count == 1)
            #expect(inputs.first == .touch)
            #expect(inputs.adjustments.count == 4)
            mapping.trialStarted()
        }
    }

    @Test("the sustain pedal commits on the press once the note is tuned: 0 and 63 do not, 64 does, 127 held does not again")
    func sustainCommit() {
        var mapping = ControllerMapping.running(.tuning)
        // Tuned first: before any movement the pedal's commit waits for its release (issue 34
        // item 4, ControllerHoldMappingTests).
        #expect(mapping.map(E.cc(1, 70)).contains(.touch))
        #expect(mapping.map(E.cc(64, 0)) == [])
        #expect(mapping.map(E.cc(64, 63)) == [])
        #expect(mapping.map(E.cc(64, 64)) == [.commit])
        #expect(mapping.map(E.cc(64, 127)) == [])
        #expect(mapping.map(E.cc(64, 0)) == [])
        #expect(mapping.map(E.cc(64, 127)) == [.commit])
    }

    @Test("any key commits by default; a configured key or CC button commits instead")
    func keyCommit() throws {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.noteOn(40)) == [.commit])
        #expect(mapping.map(E.noteOff(40)) == [])

        let settings = try ControllerSettings(commit: [.button(.note(MIDINote(parsing: "C5"))), .button(ControllerButton(.controlChange, 65))])
        mapping = ControllerMapping.running(.tuning, settings)
        #expect(mapping.map(E.noteOn(40)) == [])
        #expect(mapping.map(E.cc(64, 127)) == [], "the sustain pedal is not configured")
        #expect(mapping.map(E.noteOn(72)) == [.commit])
        #expect(mapping.map(E.cc(65, 127)) == [.commit])
    }

    @Test("matching inputs are not produced while comparison runs")
    func onlyInMatching() {
        var mapping = ControllerMapping.running(.higherOrLower)
        #expect(mapping.feed([E.cc(1, 10), E.cc(64, 127)]) == [])
        mapping.answers = .tuning
        #expect(mapping.map(E.cc(1, 20)) == [.touch, .adjust(Self.value7(20))])
    }
}
