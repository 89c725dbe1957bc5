import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Export format pieces: numbers, RFC 4180", .timeLimit(.minutes(Patience.minutes(1))))
struct FormatTests {
    @Test("numbers always have a decimal point and never an exponent")
    func writesNumbers() {
        #expect(DecimalText.format(100) == "100.0")
        #expect(DecimalText.format(-12.5) == "-12.5")
        #expect(DecimalText.format(0) == "0.0")
        #expect(DecimalText.format(-0.0) == "0.0")
        #expect(DecimalText.format(1e-7) == "0.0000001")
        #expect(DecimalText.format(-2.5e-5) == "-0.000025")
        #expect(DecimalText.format(1e20) == "100000000000000000000.0")
        #expect(DecimalText.format(1.25e17) == "125000000000000000.0")
        #expect(DecimalText.format(0.1 + 0.2) == "0.30000000000000004")
    }

    @Test("written numbers read back as exactly the same Double")
    func numberRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<3000).map { _ in Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -12...18, using: &generator))) }
        for value in samples + [1e-7, 2.0 / 3.0, 99.99999999999, .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            let text = DecimalText.format(value)
            #expect(text.contains(".") && !text.contains("e"), "\(value) → \(text)")
            #expect(DecimalText.parse(text) == value, "\(value) → \(text)")
        }
    }

    @Test("number parsing refuses what is not a finite decimal number")
    func refusesNumbers() {
        for text in ["", "abc", "nan", "inf", "-inf", "1e999", "0x10", "1.2.3", "1,5", " 1.0", "--1", "e5", ".", "-3.", "12."] {
            #expect(DecimalText.parse(text) == nil, "\(text)")
        }
        #expect(DecimalText.parse("15") == 15)
        #expect(DecimalText.parse("-.5") == -0.5)
        #expect(DecimalText.parse("+2.5") == 2.5)
    }

    @Test("the iOS app's text of a small number, exponent form with \".0\" added, reads as that number")
    func iOSExponentForm() {
        #expect(DecimalText.parse("1e-05.0") == 1e-05)
        #expect(DecimalText.parse("-5e-06.0") == -5e-06)
        #expect(DecimalText.parse("1.5e-05") == 1.5e-05)
        for text in ["1e-05.5", "1.5e-05.0", "1e.0", "e-05.0", "1e-05.0.0"] {
            #expect(DecimalText.parse(text) == nil, "\(text)")
        }
    }

    @Test("RFC 4180: quoted commas, quotes and line breaks; CRLF; rows know their line")
    func readsCSV() throws {
        let text = "a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",x,\n\nlast,,"
        let records = try CSVReader.records(in: text).get()
        #expect(records == [
            CSVReader.Record(line: 1, fields: ["a", "b,c", "say \"hi\""]),
            CSVReader.Record(line: 2, fields: ["multi\nline", "x", ""]),
            CSVReader.Record(line: 4, fields: [""]),
            CSVReader.Record(line: 5, fields: ["last", "", ""]),
        ])
        #expect(CSVReader.records(in: "a,\"open\n") == .failure(.unterminatedQuote(line: 1)))
        #expect(CSVReader.records(in: "x\n\"ab\"c,d") == .failure(.textAfterClosingQuote(line: 2)))
        #expect(CSVReader.records(in: "ab\"c,d") == .failure(.strayQuote(line: 1)))
        #expect(CSVReader.quoted("plain") == "plain")
        #expect(CSVReader.quoted("a,b") == "\"a,b\"")
        #expect(CSVReader.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }
}
