import Foundation
import Testing
@testable import PeachCore

@Suite("Value types")
struct ValueTypeTests {
    /// Goes through the validating init; `MIDINote(60)` would be a literal.
    func note(_ raw: Int) throws -> MIDINote { try MIDINote(raw) }

    @Test func midiNoteNamesFollowOctaveEqualsNoteOverTwelveMinusOne() throws {
        #expect(try note(60).name == "C4")
        #expect(try note(69).name == "A4")
        #expect(try note(0).name == "C-1")
        #expect(try note(61).name == "C#4")
        #expect(try note(127).name == "G9")
    }

    @Test(arguments: [-1, 128, Int.min, Int.max])
    func midiNoteOutsideRangeIsRefused(raw: Int) {
        #expect(throws: DomainValueError.self) { try MIDINote(raw) }
    }

    @Test func midiNoteParsesNamesAndNumbers() throws {
        #expect(try MIDINote(parsing: "A4").rawValue == 69)
        #expect(try MIDINote(parsing: "c#3").rawValue == 49)
        #expect(try MIDINote(parsing: "Bb2").rawValue == 46)
        #expect(try MIDINote(parsing: "C-1").rawValue == 0)
        #expect(try MIDINote(parsing: " 72 ").rawValue == 72)
        for bad in ["H4", "A", "", "A#", "G#9", "4A"] {
            #expect(throws: DomainValueError.self, "\(bad)") { try MIDINote(parsing: bad) }
        }
    }

    @Test func transposingStaysInsideTheMIDIRange() throws {
        #expect(try note(60).transposed(by: .perfectFifthUp).rawValue == 67)
        #expect(try note(60).transposed(by: DirectedInterval(.majorThird, .down)).rawValue == 56)
        #expect(throws: DomainValueError.self) { try note(120).transposed(by: DirectedInterval(.octave, .up)) }
        #expect(throws: DomainValueError.self) { try note(3).transposed(by: DirectedInterval(.perfectFourth, .down)) }
    }

    @Test func intervalBetweenNotesFailsBeyondAnOctave() throws {
        #expect(try Interval.between(60, 67) == .perfectFifth)
        #expect(try Interval.between(67, 60) == .perfectFifth)
        #expect(try Interval.between(60, 72) == .octave)
        #expect(throws: DomainValueError.self) { try Interval.between(60, 73) }
    }

    @Test func intervalAbbreviationsRoundTrip() throws {
        for interval in Interval.allCases {
            #expect(try Interval(abbreviation: interval.abbreviation) == interval)
        }
        #expect(throws: DomainValueError.self) { try Interval(abbreviation: "p5") }
    }

    @Test func directedIntervalsParseAndNormalisePrime() throws {
        #expect(try DirectedInterval(parsing: "P5u") == .perfectFifthUp)
        #expect(try DirectedInterval(parsing: "M3d") == DirectedInterval(.majorThird, .down))
        #expect(try DirectedInterval(parsing: "P1d") == .prime)
        #expect(try DirectedInterval(parsing: "P1") == .prime)
        #expect(try DirectedInterval.parseSet("P5u, M3d,P5u") == [.perfectFifthUp, DirectedInterval(.majorThird, .down)])
        #expect(throws: DomainValueError.emptyIntervalSet) { try DirectedInterval.parseSet(" , ") }
        #expect(throws: DomainValueError.self) { try DirectedInterval.parseSet("P5u,X9u") }
        #expect(throws: DomainValueError.self) { try DirectedInterval(parsing: "P5") }
    }

    @Test func noteRangeNeedsAnOctaveInsideA0ToC8() throws {
        let range = try NoteRange(lower: 36, upper: 48)
        #expect(range.contains(40))
        #expect(throws: DomainValueError.noteRangeTooNarrow(lower: "C2", upper: "B2", minimumSpan: 12)) {
            try NoteRange(lower: 36, upper: 47)
        }
        #expect(throws: DomainValueError.self) { try NoteRange(lower: 20, upper: 60) }
        #expect(throws: DomainValueError.self) { try NoteRange(lower: 60, upper: 109) }
        #expect(TrainingSettings.defaults.noteRange.lower.rawValue == 36 && TrainingSettings.defaults.noteRange.upper.rawValue == 84)
    }

    @Test func clampedTypesClampAndRefuseNonFinite() throws {
        #expect(try NoteDuration(seconds: 0.1).seconds == 0.3)
        #expect(try NoteDuration(seconds: 9).seconds == 3.0)
        #expect(try NoteDuration(seconds: 1.5).seconds == 1.5)
        #expect(throws: DomainValueError.self) { try NoteDuration(seconds: .nan) }
        #expect(try AmplitudeDB(decibels: -200).decibels == -90)
        #expect(try AmplitudeDB(decibels: 20).decibels == 12)
        #expect(throws: DomainValueError.self) { try AmplitudeDB(decibels: .infinity) }
    }

    @Test func validatedTypesRefuseValuesOutsideTheirRanges() {
        #expect(throws: DomainValueError.self) { try MIDIVelocity(0) }
        #expect(throws: DomainValueError.self) { try MIDIVelocity(128) }
        #expect(throws: DomainValueError.self) { try UnitInterval(1.01) }
        #expect(throws: DomainValueError.self) { try UnitInterval(.nan) }
        #expect(throws: DomainValueError.self) { try Frequency(hertz: 0) }
        #expect(throws: DomainValueError.self) { try Frequency(hertz: -440) }
        #expect(throws: DomainValueError.self) { try Cents(.nan) }
        #expect(throws: DomainValueError.self) { try NoteGap(seconds: -0.1) }
        #expect(throws: DomainValueError.self) { try ReferencePitch.validated(hertz: 4400) }
    }

    @Test func errorsSayWhatWasWrong() {
        #expect(DomainValueError.outOfRange(type: "MIDI velocity", value: "0", allowed: "1…127").description
                == "MIDI velocity 0 is out of range (allowed: 1…127)")
    }
}
