import Foundation
import PeachCore
import PeachStore

/// A store of many records, made through PeachStore's public API in one transaction, that
/// looks like months of real training: sessions of about a hundred trials a few hours apart, mostly
/// comparisons (three in four answered correctly), one trial in six a matching, unison and
/// interval trials in both tuning systems. Seeded, so every run stores the same records.
enum ProfileFixture {
    /// 2026-01-05T18:00:00Z: the first session.
    static let start: Int64 = 1_767_636_000_000

    struct Made {
        let summary: ImportSummary
        /// From the first record to the last.
        let days: Double
    }

    static func make(records count: Int, at location: StoreLocation) throws -> Made {
        var random = SeededRandom(seed: 0x5EED_0008)
        var comparisons: [(row: Int, record: PitchComparisonRecord)] = []
        var matchings: [(row: Int, record: PitchMatchingRecord)] = []
        comparisons.reserveCapacity(count)
        let intervals: [Interval] = [.prime, .prime, .minorThird, .majorThird, .perfectFourth, .perfectFifth, .octave]
        var time = start
        var sessionLeft = 0
        for row in 0..<count {
            if sessionLeft == 0 {
                // The next session: 2 to 12 hours later, 50…150 trials long (a keen user).
                time += 2 * 3_600_000 + Int64(random.next(below: 10 * 3_600_000))
                sessionLeft = 50 + random.next(below: 101)
            }
            sessionLeft -= 1
            time += 2_500 + Int64(random.next(below: 6_000))
            let timestamp = RecordTimestamp.date(milliseconds: time)
            let interval = intervals[random.next(below: intervals.count)]
            let reference = try MIDINote(48 + random.next(below: 24))
            let up = random.next(below: 2) == 0
            let target = try reference.transposed(by: DirectedInterval(interval, up ? .up : .down))
            let tuning: TuningIdentifier = random.next(below: 4) == 0 ? .justIntonation : .equalTemperament
            if random.next(below: 6) == 0 {
                let initial = try Cents(Double(random.next(below: 20_001)) / 100 - 100)
                let error = try Cents(Double(random.next(below: 6_001)) / 100 - 30)
                matchings.append((row, PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                    tuningSystem: tuning, initialCentOffset: initial, userCentError: error)))
            } else {
                let offset = try Cents(Double(1 + random.next(below: 5_000)) / 100 * (up ? 1 : -1))
                comparisons.append((row, PitchComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                    tuningSystem: tuning, centOffset: offset, isCorrect: random.next(below: 4) != 0)))
            }
        }
        let store = try TrainingStore(location: location)
        let summary = try store.importRecords(ParsedImport(comparisons: comparisons, matchings: matchings), mode: .replace)
        return Made(summary: summary, days: Double(time - start) / 86_400_000)
    }
}

/// SplitMix64: the same sequence for the same seed on every machine.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<bound, uniform enough for a fixture.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
