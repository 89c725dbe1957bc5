import Foundation
import Testing
@testable import PeachCore

/// One malformed `.scl` text and the error it must give: the line and what the reason says.
struct MalformedScala: Sendable, CustomTestStringConvertible {
    let kind: String
    let text: String
    let line: Int?
    let reason: String

    var testDescription: String { kind }

    static let equalPitches = (1...11).map { "\($0 * 100).0" } + ["2/1"]

    /// The equal-tempered file with pitch `index` (0-based, line 3 + index) replaced.
    static func pitch(_ index: Int, _ value: String) -> String {
        var pitches = equalPitches
        pitches[index] = value
        return (["bad", "12"] + pitches).joined(separator: "\n")
    }

    static func notes(_ count: Int) -> String {
        (["bad", "\(count)"] + (1...max(count, 1)).map { "\($0 * 10).0" }.prefix(count)).joined(separator: "\n")
    }

    static let all: [MalformedScala] = [
        .init(kind: "empty file", text: "", line: 1, reason: "the file ends before the number of notes"),
        .init(kind: "only comments", text: "! a.scl\n! nothing", line: 2, reason: "the file ends before the description line"),
        .init(kind: "no count", text: "description", line: 1, reason: "the file ends before the number of notes"),
        .init(kind: "count a word", text: "d\ntwelve", line: 2, reason: "expected the number of notes (a whole number), found \"twelve\""),
        .init(kind: "count with a point", text: "d\n12.0", line: 2, reason: "expected the number of notes (a whole number), found \"12.0\""),
        .init(kind: "negative count", text: "d\n-3", line: 2, reason: "the number of notes cannot be negative (-3)"),
        .init(kind: "too few pitches", text: "d\n12\n100.0", line: 3, reason: "the file ends before pitch 2 of 12"),
        .init(kind: "seven notes", text: notes(7), line: 2, reason: "7 notes per period; Peach trains scales of 12 notes per octave only"),
        .init(kind: "thirteen notes", text: notes(13), line: 2, reason: "13 notes per period; Peach trains scales of 12 notes per octave only"),
        .init(kind: "no notes", text: "d\n0", line: 2, reason: "0 notes per period; Peach trains scales of 12 notes per octave only"),
        .init(kind: "negative ratio", text: pitch(3, "-5/4"), line: 6, reason: "\"-5/4\": a negative ratio is meaningless"),
        .init(kind: "zero denominator", text: pitch(0, "3/0"), line: 3, reason: "\"3/0\": the denominator is zero"),
        .init(kind: "zero ratio", text: pitch(1, "0/1"), line: 4, reason: "\"0/1\": a ratio of zero is not a pitch"),
        .init(kind: "two slashes together", text: pitch(2, "3//2"), line: 5,
              reason: "\"3//2\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "two slashes", text: pitch(2, "3/2/1"), line: 5,
              reason: "\"3/2/1\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "a word", text: pitch(4, "fifth"), line: 7,
              reason: "\"fifth\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "two periods", text: pitch(5, "1.2.3"), line: 8, reason: "\"1.2.3\" is not a cents value (digits with one period, like 701.955)"),
        .init(kind: "a lone period", text: pitch(6, "."), line: 9, reason: "\".\" is not a cents value (digits with one period, like 701.955)"),
        .init(kind: "ratio with a period", text: pitch(6, "3/2.5"), line: 9, reason: "\"3/2.5\" is not a cents value (digits with one period, like 701.955)"),
        .init(kind: "numerator too large", text: pitch(7, "2147483648/1"), line: 10,
              reason: "\"2147483648/1\": numerator and denominator may be at most 2147483647"),
        .init(kind: "denominator too large", text: pitch(7, "1/2147483648"), line: 10,
              reason: "\"1/2147483648\": numerator and denominator may be at most 2147483647"),
        .init(kind: "empty pitch line", text: pitch(8, "   "), line: 11,
              reason: "expected a pitch (cents like 701.955 or a ratio like 3/2), found an empty line"),
        .init(kind: "letter before cents", text: pitch(8, "x100.0"), line: 11, reason: "\"x100.0\" is not a cents value (digits with one period, like 701.955)"),
        .init(kind: "hexadecimal", text: pitch(9, "0x10"), line: 12,
              reason: "\"0x10\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "exponent", text: pitch(9, "1e3"), line: 12,
              reason: "\"1e3\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "signed ratio", text: pitch(10, "+3/2"), line: 13,
              reason: "\"+3/2\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)"),
        .init(kind: "two signs", text: pitch(10, "--5.0"), line: 13, reason: "\"--5.0\" is not a cents value (digits with one period, like 701.955)"),
        .init(kind: "period of zero", text: pitch(11, "0.0"), line: 14,
              reason: "the last pitch is the period and must lie above 1/1 (found 0.0 cents)"),
        .init(kind: "period below the unison", text: pitch(11, "1/2"), line: 14,
              reason: "the last pitch is the period and must lie above 1/1 (found -1200.0 cents)"),
        .init(kind: "infinity", text: pitch(0, "inf."), line: 3, reason: "\"inf.\" is not a cents value (digits with one period, like 701.955)"),
    ]
}

@Suite("Malformed Scala files")
struct MalformedScalaTests {
    @Test("there are thirty distinct malformed files")
    func thirtyCases() {
        #expect(MalformedScala.all.count == 30)
        #expect(Set(MalformedScala.all.map(\.text)).count == 30)
    }

    @Test("a malformed file is refused with the file, the line and the reason", arguments: MalformedScala.all)
    func refused(bad: MalformedScala) {
        let error = #expect(throws: ScalaFileError.self) {
            _ = try ScalaScale(parsing: bad.text, source: "tunings/bad.scl").tuning()
        }
        #expect(error == ScalaFileError(source: "tunings/bad.scl", line: bad.line, reason: bad.reason))
        #expect(error?.description == "tunings/bad.scl:\(bad.line.map(String.init) ?? "?"): \(bad.reason)")
    }

    @Test("a keyboard mapping Peach cannot lay over the keys is refused with its line")
    func unusableMapping() {
        let error = #expect(throws: ScalaFileError.self) {
            _ = try TuningAnchor(parsingKeyboardMapping: "7\n0\n127\n60\n69\n440.0\n7\n0\n1\n2\n3\n4\n5\n6", source: "m.kbm")
        }
        #expect(error?.line == 1)
        #expect(error?.reason == "a map of 7 keys; Peach maps 12 keys to the 12 degrees in order (size 0 or 12)")
    }
}
