import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

@Suite("peach profile: text, JSON and SVG", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileReportTests {
    /// A known data set. By hand:
    ///
    /// Unison comparison, one session (values 1 to 3 minutes apart): correct |offsets| 10, 20, 30;
    /// the wrong answer (5) does not count. count 3, mean 20, population sd √((100+0+100)/3) =
    /// √(200/3) = 8.164965809277260; EWMA = the one bucket's mean = 20; latest 30 > 20 + 8.16
    /// → declining.
    ///
    /// Interval comparison: 12 and |−16| at 10:00 and 10:05 (one bucket, mean 14), then 6 exactly
    /// 7 days after the first bucket started: α = 1 − exp(−ln2 · 7 d / 7 d) = 0.5, EWMA =
    /// 0.5·6 + 0.5·14 = 10. mean 34/3 = 11.333333333333334; deviations 2/3, 14/3, −16/3 → sd =
    /// √((4+196+256)/9/3) = √(152/9) = 4.109609335312651; latest 6 ≤ mean + sd and 6 < EWMA 10
    /// → improving.
    ///
    /// Unison matching: one value |−3.5| → count 1, mean 3.5, sd 0, EWMA 3.5, trend null.
    /// Interval matching: no data → count 0, everything else null.
    static let dataSet = ImportTests.header + """
        pitchDiscrimination,2026-03-01T09:00:00Z,60,C4,60,C4,P1,equalTemperament,10.0,true,,
        pitchDiscrimination,2026-03-01T09:01:00Z,62,D4,62,D4,P1,equalTemperament,-20.0,true,,
        pitchDiscrimination,2026-03-01T09:02:00Z,60,C4,60,C4,P1,equalTemperament,5.0,false,,
        pitchDiscrimination,2026-03-01T09:03:00Z,64,E4,64,E4,P1,equalTemperament,30.0,true,,
        pitchDiscrimination,2026-03-01T10:00:00Z,60,C4,67,G4,P5,justIntonation,12.0,true,,
        pitchDiscrimination,2026-03-01T10:05:00Z,60,C4,67,G4,P5,justIntonation,-16.0,true,,
        pitchMatching,2026-03-02T10:00:00Z,57,A3,57,A3,P1,equalTemperament,,,8.0,-3.5
        pitchDiscrimination,2026-03-08T10:00:00Z,62,D4,69,A4,P5,justIntonation,6.0,true,,

        """

    private func importDataSet(_ peach: PeachExecutable, _ directory: TemporaryStoreDirectory) async throws {
        let file = try directory.write(Self.dataSet, to: "known.csv")
        let imported = try await peach.run(["import", file, "--data-dir", directory.url.path], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test("peach profile --json on a known data set gives the hand-computed numbers")
    func jsonNumbers() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        try await importDataSet(peach, directory)
        let outcome = try await peach.run(["profile", "--json", "--data-dir", directory.url.path], in: directory)
        #expect(outcome.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: [String: Any]])
        #expect(Set(json.keys) == ["unisonComparison", "intervalComparison", "unisonMatching", "intervalMatching", "rhythm"])
        for (key, object) in json where key != "rhythm" {
            #expect(Set(object.keys) == ["count", "mean", "stdDev", "ewma", "trend", "threshold"])
        }

        func expectFigures(_ key: String, count: Int, mean: Double, sd: Double, ewma: Double, trend: String?) {
            let object = json[key] ?? [:]
            #expect(object["count"] as? Int == count, "\(key)")
            for (name, expected) in [("mean", mean), ("stdDev", sd), ("ewma", ewma)] {
                let actual = (object[name] as? NSNumber)?.doubleValue ?? .nan
                #expect(abs(actual - expected) < 1e-12, "\(key).\(name): \(actual) ≠ \(expected)")
            }
            if let trend { #expect(object["trend"] as? String == trend, "\(key)") } else { #expect(object["trend"] is NSNull, "\(key)") }
        }
        expectFigures("unisonComparison", count: 3, mean: 20, sd: (200.0 / 3).squareRoot(), ewma: 20, trend: "declining")
        expectFigures("intervalComparison", count: 3, mean: 34.0 / 3, sd: (152.0 / 9).squareRoot(), ewma: 10, trend: "improving")
        expectFigures("unisonMatching", count: 1, mean: 3.5, sd: 0, ewma: 3.5, trend: nil)
        let empty = json["intervalMatching"] ?? [:]
        #expect(empty["count"] as? Int == 0)
        #expect(["mean", "stdDev", "ewma", "trend", "threshold"].allSatisfy { empty[$0] is NSNull })
        // Three unison trials rule out little; their register has too few trials of its own.
        let threshold = try #require(json["unisonComparison"]?["threshold"] as? [String: Any])
        #expect(threshold["measure"] as? String == "percentCorrect75")
        #expect(threshold["trials"] as? Int == 4)
        let registers = try #require(threshold["registers"] as? [[String: Any]])
        #expect(registers.first?["kind"] as? String == "notEnoughData")
        // The keys come in a stable, documented order.
        #expect(outcome.stdout.hasPrefix("{\n  \"unisonComparison\": {\n    \"count\": 3,\n    \"mean\": 20.0,\n"))
    }

    @Test("the text report: figures per discipline and the keyboard strip of thresholds per reference note")
    func textReport() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        try await importDataSet(peach, directory)
        let outcome = try await peach.run(["profile", "--full", "--data-dir", directory.url.path], in: directory)
        #expect(outcome.status == 0)
        let text = outcome.stdout
        #expect(text.contains("count 3   mean 20.0 c   sd 8.2 c   EWMA 20.0 c   trend declining   expert baseline 8.0 c"))
        #expect(text.contains("count 3   mean 11.3 c   sd 4.1 c   EWMA 10.0 c   trend improving   expert baseline 12.0 c"))
        #expect(text.contains("count 1   mean 3.5 c   sd 0.0 c   EWMA 3.5 c   trend – (needs 2 values)   expert baseline 5.0 c"))
        #expect(text.contains("Interval matching: no data yet"))
        // Unison thresholds: C4 10, D4 20, E4 30 (the largest gets the full 30-character bar).
        #expect(text.contains("  C4   ▯ ██████████" + String(repeating: " ", count: 20) + " 10.0 c (1)"))
        #expect(text.contains("  C#4  ▮\n"))
        #expect(text.contains("  E4   ▯ " + String(repeating: "█", count: 30) + " 30.0 c (1)"))
        // Interval thresholds: C4 mean of 12 and 16 = 14, D4 6.
        #expect(text.contains("14.0 c (2)"))
    }

    @Test("the threshold from every trial, right and wrong: text and JSON with its interval and registers")
    func thresholdFromEveryTrial() throws {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        // At each offset, 8 trials at C4, correct as often as a listener with T = 6 c (slope 2) would be.
        let function = try PsychometricFunction(threshold: 6, slope: 2, lapseRate: 0)
        var records: [PitchComparisonRecord] = []
        for offset in [1.5, 3, 4.5, 6, 8, 10, 13, 20] {
            let correct = Int((function.probabilityCorrect(at: offset) * 8).rounded())
            for index in 0..<8 {
                records.append(PitchComparisonRecord(
                    timestamp: start.addingTimeInterval(Double(records.count)), referenceNote: 60, targetNote: 60,
                    interval: .prime, tuningSystem: .equalTemperament, centOffset: try Cents(offset), isCorrect: index < correct))
            }
        }
        let report = ProfileReport(comparisons: records, matchings: [])
        let text = ProfileText.render(report, full: true)
        #expect(text.contains("  threshold (75 % correct, from all 64 trials, right and wrong): "))
        #expect(text.contains(", 95 % interval\n  by register: octave 4: "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ProfileJSON.render(report).utf8)) as? [String: [String: Any]])
        let threshold = try #require(json["unisonComparison"]?["threshold"] as? [String: Any])
        #expect(threshold["kind"] as? String == "interval")
        let (cents, lower, upper) = (try #require(threshold["cents"] as? Double), try #require(threshold["lower"] as? Double),
                                     try #require(threshold["upper"] as? Double))
        #expect(lower < 6 && 6 < upper && lower < cents && cents < upper)
        let register = try #require((threshold["registers"] as? [[String: Any]])?.first)
        #expect(register["octave"] as? Int == 4)
        #expect(register["trials"] as? Int == 64)
        #expect(register["kind"] as? String == "interval")
        #expect(json["unisonMatching"]?["threshold"] is NSNull)
    }

    @Test("an empty store reports a cold start, and JSON gives every discipline count 0 and nulls")
    func emptyStore() throws {
        let report = ProfileReport(comparisons: [], matchings: [])
        #expect(ProfileText.render(report).contains("cold start"))
        let json = ProfileJSON.render(report)
        #expect(json.components(separatedBy: "\"count\": 0").count == 5)
        #expect(!json.contains("\"mean\": 0"))
        let svg = ProfileSVG.render(report)
        #expect(try SVGCheck.parse(svg).root == "svg")
    }
}
