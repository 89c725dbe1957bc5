import Foundation
import PeachCore

/// Deterministic records at millisecond precision (what the store keeps).
public enum RecordFixtures {
    /// 2026-03-01T00:00:00Z.
    public static let march1: Int64 = 1_772_323_200_000

    public static func date(_ milliseconds: Int64) -> Date { RecordTimestamp.date(milliseconds: milliseconds) }

    public static func comparison(at milliseconds: Int64, reference: Int = 60, interval: Interval = .prime,
                           up: Bool = true, tuning: TuningIdentifier = .equalTemperament,
                           offset: Double, correct: Bool) -> PitchComparisonRecord {
        let referenceNote = try! MIDINote(reference)
        let target = try! referenceNote.transposed(by: DirectedInterval(interval, up ? .up : .down))
        return PitchComparisonRecord(timestamp: date(milliseconds), referenceNote: referenceNote, targetNote: target,
                                     interval: interval, tuningSystem: tuning, centOffset: try! Cents(offset),
                                     isCorrect: correct)
    }

    public static func matching(at milliseconds: Int64, reference: Int = 60, interval: Interval = .prime,
                         up: Bool = true, tuning: TuningIdentifier = .equalTemperament,
                         initial: Double, error: Double) -> PitchMatchingRecord {
        let referenceNote = try! MIDINote(reference)
        let target = try! referenceNote.transposed(by: DirectedInterval(interval, up ? .up : .down))
        return PitchMatchingRecord(timestamp: date(milliseconds), referenceNote: referenceNote, targetNote: target,
                                   interval: interval, tuningSystem: tuning, initialCentOffset: try! Cents(initial),
                                   userCentError: try! Cents(error))
    }

    /// A mixed history over several sessions and days, all four disciplines, awkward numbers
    /// (binary fractions that print long, tiny and large magnitudes, negative values).
    public static func history() -> (comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) {
        var comparisons: [PitchComparisonRecord] = []
        var matchings: [PitchMatchingRecord] = []
        let offsets = [100.0, 0.1 + 0.2, -37.123456789, 1e-7, 12.0, -0.5, 99.99999999999, 2.0 / 3.0]
        let intervals: [Interval] = [.prime, .perfectFifth, .majorThird, .octave]
        for day in 0..<4 {
            for session in 0..<2 {
                let start = march1 + Int64(day) * 86_400_000 + Int64(session) * 3 * 3_600_000 + Int64(day * 7)
                for trial in 0..<12 {
                    let time = start + Int64(trial) * 4_321
                    let interval = intervals[(trial + day) % intervals.count]
                    let offset = offsets[(trial + session + day) % offsets.count] * (trial % 2 == 0 ? 1 : -1)
                    if trial % 3 == 2 {
                        matchings.append(matching(at: time, reference: 40 + (trial * 5 + day) % 40, interval: interval,
                                                  up: trial % 4 != 3, tuning: day % 2 == 0 ? .equalTemperament : .justIntonation,
                                                  initial: Double(trial) - 19.75, error: offset / 3))
                    } else {
                        comparisons.append(comparison(at: time, reference: 40 + (trial * 7 + day) % 40, interval: interval,
                                                      up: trial % 4 != 1, tuning: session == 0 ? .equalTemperament : .justIntonation,
                                                      offset: offset, correct: trial % 5 != 4))
                    }
                }
            }
        }
        // Same millisecond, different types: export order must still be stable.
        comparisons.append(comparison(at: march1 + 10 * 86_400_000, offset: 4.25, correct: true))
        matchings.append(matching(at: march1 + 10 * 86_400_000, initial: 3, error: -1.5))
        return (comparisons, matchings)
    }
}
