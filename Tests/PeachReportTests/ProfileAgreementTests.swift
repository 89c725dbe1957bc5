import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachReport

/// Issue 34, item 1: the text, JSON and SVG profiles give one estimate for every figure, and any
/// other measure says what it is.
@Suite("peach profile: text, JSON and SVG agree", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileAgreementTests {
    /// Two interval comparisons, both answered wrongly: trials, but no correct answer.
    static let twoWrong = [
        RecordFixtures.comparison(at: RecordFixtures.march1, interval: .perfectFifth, offset: 40, correct: false),
        RecordFixtures.comparison(at: RecordFixtures.march1 + 60_000, interval: .perfectFifth, offset: 34, correct: false),
    ]

    /// As `ThresholdEstimate.shortText` writes a number: one decimal below 10, whole above.
    private static func number(_ value: Double) -> String { String(format: value < 10 ? "%.1f" : "%.0f", value) }

    private func json(_ report: ProfileReport) throws -> [String: [String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(ProfileJSON.render(report).utf8)) as? [String: [String: Any]])
    }

    @Test("two wrong answers are not a cold start: text, JSON and SVG give the same lower bound")
    func trialsWithoutACorrectAnswer() throws {
        let report = ProfileReport(comparisons: Self.twoWrong, matchings: [])
        let threshold = try #require(try json(report)["intervalComparison"]?["threshold"] as? [String: Any])
        #expect(threshold["kind"] as? String == "above")
        let lower = try #require(threshold["lower"] as? Double)
        let bound = "above \(Self.number(lower)) c"
        for text in [ProfileText.render(report), ProfileText.render(report, full: true)] {
            #expect(!text.contains("cold start"), "\(text)")
            #expect(!text.contains("Interval comparison: no data yet"), "\(text)")
            #expect(text.contains(bound), "\(text)")
        }
        let svg = ProfileSVG.render(report)
        #expect(svg.contains("&gt; \(centsText(lower)) c") || svg.contains("> \(centsText(lower)) c"))
        #expect(!svg.contains("No pitch training yet"))
    }

    @Test("the full text never calls the correct answers' mean |offset| a threshold, and its per-register figures are the JSON's")
    func perNoteFiguresSayWhatTheyAre() throws {
        // 40 trials at C4, answered as a listener with a 6 c threshold would.
        let function = try PsychometricFunction(threshold: 6, slope: 2, lapseRate: 0)
        var records: [PitchComparisonRecord] = []
        for offset in [2.0, 4, 6, 9, 14] {
            let correct = Int((function.probabilityCorrect(at: offset) * 8).rounded())
            for index in 0..<8 {
                records.append(RecordFixtures.comparison(at: RecordFixtures.march1 + Int64(records.count) * 1000,
                                                         offset: offset, correct: index < correct))
            }
        }
        let report = ProfileReport(comparisons: records, matchings: [])
        let text = ProfileText.render(report, full: true)
        #expect(!text.contains("mean threshold"), "\(text)")
        #expect(text.contains("mean |offset| of the correct answers by reference note"), "\(text)")
        let threshold = try #require(try json(report)["unisonComparison"]?["threshold"] as? [String: Any])
        let register = try #require((threshold["registers"] as? [[String: Any]])?.first)
        let (cents, lower, upper) = (try #require(register["cents"] as? Double), try #require(register["lower"] as? Double),
                                     try #require(register["upper"] as? Double))
        let number = Self.number
        #expect(text.contains("octave 4: \(number(cents)) c (\(number(lower))–\(number(upper)))"), "\(text)")
    }

    @Test("the short text gives each discipline's estimate as JSON does, and only the full one the running means")
    func shortText() throws {
        let report = ProfileReport(comparisons: Self.twoWrong + [
            RecordFixtures.comparison(at: RecordFixtures.march1 + 120_000, offset: 20, correct: true),
        ], matchings: [RecordFixtures.matching(at: RecordFixtures.march1 + 180_000, initial: 20, error: -3)])
        let short = ProfileText.render(report)
        let full = ProfileText.render(report, full: true)
        #expect(short.split(separator: "\n").count < full.split(separator: "\n").count)
        #expect(!short.contains("EWMA"))
        #expect(full.contains("EWMA"))
        let objects = try json(report)
        for (key, title) in [("unisonComparison", "Unison comparison"), ("intervalComparison", "Interval comparison")] {
            let threshold = try #require(objects[key]?["threshold"] as? [String: Any])
            let line = try #require(short.split(separator: "\n").first { $0.hasPrefix(title) }, "\(short)")
            if let lower = threshold["lower"] as? Double { #expect(line.contains(Self.number(lower)), "\(line)") }
            if let upper = threshold["upper"] as? Double { #expect(line.contains(Self.number(upper)), "\(line)") }
        }
    }
}
