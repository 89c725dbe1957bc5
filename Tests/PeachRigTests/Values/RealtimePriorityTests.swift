import PeachCore
import PeachRig
import Testing

@Suite("midi.realtimePriority's value")
struct RealtimePriorityTests {
    @Test("1…99 is that priority; 0 and off are off; the default is FluidSynth's MIDI thread's 50")
    func parsing() throws {
        #expect(try RealtimePriority(parsing: "1").level == 1)
        #expect(try RealtimePriority(parsing: " 99 ").level == 99)
        #expect(try RealtimePriority(parsing: "0") == .off)
        #expect(try RealtimePriority(parsing: "OFF") == .off)
        #expect(RealtimePriority.off.level == nil)
        #expect(RealtimePriority.default.level == 50)
        #expect(RealtimePriority.default.text == "50" && RealtimePriority.off.text == "off")
    }

    @Test("100, a negative number, a fraction or a word is refused, naming the value and what is allowed")
    func refusals() {
        for text in ["100", "-1"] {
            #expect(throws: DomainValueError.outOfRange(type: "realtime priority", value: text, allowed: "1…99, or off (0)")) {
                try RealtimePriority(parsing: text)
            }
        }
        for text in ["2.5", "high", ""] {
            #expect(throws: DomainValueError.malformed(type: "realtime priority", value: text,
                                                       expected: "off, or a whole number 1…99")) {
                try RealtimePriority(parsing: text)
            }
        }
    }
}
