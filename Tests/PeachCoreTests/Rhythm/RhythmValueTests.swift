import Foundation
import Testing
@testable import PeachCore

@Suite("Rhythm values")
struct RhythmValueTests {
    @Test("tempo is whole BPM within 60…240; outside is an error naming the value and the range")
    func tempoRange() throws {
        #expect(try TempoBPM(60).value == 60)
        #expect(try TempoBPM(240).value == 240)
        #expect(throws: DomainValueError.outOfRange(type: "tempo", value: "59 BPM", allowed: "60…240 BPM")) { try TempoBPM(59) }
        #expect(throws: DomainValueError.self) { try TempoBPM(241) }
        #expect(try TempoBPM(80).sixteenth == .microseconds(187_500))
        #expect(try TempoBPM(80).sixteenthMilliseconds == 187.5)
    }

    @Test("an offset converts to percent of a sixteenth and back; negative is early, zero is late")
    func offsetPercent() throws {
        let tempo = try TempoBPM(80)
        let early = try RhythmOffset(percentOfSixteenth: -4, at: tempo)
        #expect(early.milliseconds == -7.5)
        #expect(early.direction == .early)
        #expect(early.percentOfSixteenth(at: tempo) == -4)
        #expect(RhythmOffset.zero.direction == .late)
        #expect(throws: DomainValueError.notFinite(type: "rhythm offset")) { try RhythmOffset(milliseconds: .nan) }
        // Rounded to whole microseconds: 1/3 % of 187.5 ms.
        #expect(try RhythmOffset(percentOfSixteenth: 1.0 / 3, at: tempo).milliseconds == 0.625)
        #expect(try RhythmOffset(milliseconds: 1000).isRecordable)
        #expect(!(try RhythmOffset(milliseconds: -1000.001).isRecordable))
    }

    @Test("a tap's offset is the difference of two instants on one clock")
    func offsetBetweenInstants() {
        let expected = RhythmInstant(nanoseconds: 5_000_000_000)
        #expect(RhythmOffset(from: expected, to: RhythmInstant(nanoseconds: 4_990_000_000)).milliseconds == -10)
        #expect(RhythmOffset(from: expected, to: RhythmInstant(nanoseconds: 5_000_001_499)).milliseconds == 0.001)
        #expect(expected.advanced(by: .milliseconds(-3)).nanoseconds == 4_997_000_000)
        #expect(expected.duration(to: RhythmInstant(nanoseconds: 5_000_000_250)) == .nanoseconds(250))
    }

    @Test("people see percent of a sixteenth with its side", arguments: [
        (-4.0, "4 % early"), (11.2, "11 % late"), (2.5, "2.5 % late"), (-0.04, "0 %"), (9.96, "10 % late"), (3.0, "3 % late"),
    ])
    func percentText(percent: Double, text: String) {
        #expect(SixteenthPercentText.text(percent: percent) == text)
    }

    @Test("a click pattern starts at zero and ascends; anything else is an error naming the click")
    func clickPattern() throws {
        let velocity = try MIDIVelocity(100)
        let pattern = try ClickPattern(offsets: [.zero, .milliseconds(250), .milliseconds(500)], velocity: velocity)
        #expect(pattern.offsets.count == 3)
        #expect(throws: DomainValueError.malformed(type: "click pattern", value: "", expected: "at least one click")) {
            try ClickPattern(offsets: [], velocity: velocity)
        }
        #expect(throws: DomainValueError.malformed(type: "click pattern", value: "10 ms, 250 ms",
                                                   expected: "the first click at 0 ms, not at 10 ms")) {
            try ClickPattern(offsets: [.milliseconds(10), .milliseconds(250)], velocity: velocity)
        }
        #expect(throws: DomainValueError.malformed(
            type: "click pattern", value: "0 ms, 187.5 ms, 187.5 ms",
            expected: "each click later than the one before: click 3 at 187.5 ms is not after click 2 at 187.5 ms")) {
            try ClickPattern(offsets: [.zero, .microseconds(187_500), .microseconds(187_500)], velocity: velocity)
        }
        #expect(throws: DomainValueError.self) { try ClickSchedule(times: []) }
        // Sixteenths whose last click is pulled back past the one before it are refused too.
        let tempo = try TempoBPM(80)
        #expect(throws: DomainValueError.self) {
            try ClickPattern.sixteenths(4, at: tempo, lastOffset: try RhythmOffset(milliseconds: -187.5), velocity: velocity)
        }
        let sixteenths = try ClickPattern.sixteenths(4, at: tempo, lastOffset: try RhythmOffset(milliseconds: -10),
                                                     velocity: velocity)
        #expect(sixteenths.offsets == [.zero, .microseconds(187_500), .microseconds(375_000), .microseconds(552_500)])
    }
}
