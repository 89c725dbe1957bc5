import Foundation
import PeachCore
import PeachTestSupport
import PeachTrainer
import Testing

@Suite("peach train --json: a completed trial's timestamp is the one the store keeps", .timeLimit(.minutes(Patience.minutes(1))))
struct JSONTimestampTests {
    /// A trial's time: `milliseconds` is what the store must keep for `date`.
    struct Sample {
        let milliseconds: Int64
        let date: Date
    }

    /// Seeded times from 1970 to the end of 2100. A quarter are dates at x.999 s made as a
    /// session's clock makes them (milliseconds / 1000, often a hair below in binary), a quarter
    /// x.999 s written as seconds plus 0.999; the rest carry sub-millisecond noise (1…998 µs
    /// and a fraction of a microsecond) that must be dropped, not rounded up.
    static func samples(count: Int, seed: UInt64) -> [Sample] {
        var random = SessionRandom(SplitMix64(seed: seed))
        let end: Int64 = 4_133_980_800_000   // 2101-01-01T00:00:00Z
        return (0..<count).map { index in
            let milliseconds = Int64.random(in: 0..<end, using: &random)
            let lastOfSecond = milliseconds - milliseconds % 1000 + 999
            switch index % 4 {
            case 0:
                return Sample(milliseconds: lastOfSecond, date: RecordTimestamp.date(milliseconds: lastOfSecond))
            case 1:
                return Sample(milliseconds: lastOfSecond,
                              date: Date(timeIntervalSince1970: Double(lastOfSecond / 1000) + 0.999))
            default:
                let microseconds = Double(Int.random(in: 1...998, using: &random)) + Double.random(in: 0..<0.2, using: &random)
                return Sample(milliseconds: milliseconds,
                              date: Date(timeIntervalSince1970: Double(milliseconds) / 1000 + microseconds / 1_000_000))
            }
        }
    }

    /// The UTC text of whole milliseconds, by another route: Foundation's calendar on the whole
    /// second (exact in binary) and the millisecond digits appended.
    static func referenceText(_ milliseconds: Int64) -> String {
        let second = Date(timeIntervalSince1970: Double(milliseconds / 1000)).formatted(.iso8601)
        let fraction = String(milliseconds % 1000)
        return second.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    static func report(_ index: Int, at date: Date) -> TrainingReport {
        if index.isMultiple(of: 2) {
            .comparisonCompleted(
                PitchComparisonRecord(timestamp: date, referenceNote: 60, targetNote: 60, interval: .prime,
                                      tuningSystem: .equalTemperament, centOffset: 12.5, isCorrect: true),
                trial: index + 1, sessionBest: nil, standing: DisciplineStanding())
        } else {
            .matchingCompleted(
                PitchMatchingRecord(timestamp: date, referenceNote: 67, targetNote: 67, interval: .prime,
                                    tuningSystem: .equalTemperament, initialCentOffset: -13.0, userCentError: 2.5),
                trial: index + 1, sessionBest: nil, standing: DisciplineStanding())
        }
    }

    @Test("10 000 seeded times: the --json text is the stored milliseconds' text, and parses back to them")
    func jsonTimestampIsTheStoredOne() async throws {
        let samples = Self.samples(count: 10_000, seed: 0x11_71_AE57)
        let output = CapturedOutput()
        let presenter = JSONLinePresenter { output.write($0) }
        for (index, sample) in samples.enumerated() {
            await presenter.present(Self.report(index, at: sample.date))
        }
        let lines = output.writes
        try #require(lines.count == samples.count)

        var problems: [String] = []
        for (sample, line) in zip(samples, lines) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let text = object?["timestamp"] as? String ?? "(none)"
            let stored = RecordTimestamp.milliseconds(of: sample.date)   // what the store writes to its row
            let expected = Self.referenceText(sample.milliseconds)
            if stored != sample.milliseconds || text != RecordTimestamp.text(milliseconds: stored) || text != expected
                || RecordTimestamp.parse(text) != .success(sample.milliseconds) {
                problems.append("\(sample.date.timeIntervalSince1970): --json \(text), stored \(stored) ms, expected \(expected)")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(samples.count) differ, e.g.\n\(problems.prefix(5).joined(separator: "\n"))")
    }
}
