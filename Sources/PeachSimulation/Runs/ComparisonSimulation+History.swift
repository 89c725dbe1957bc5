import Foundation
import PeachCore

extension ComparisonSimulation {
    /// A listener's unison history over `days` days before `now`: `trials` trials spread evenly
    /// over them, the threshold moving in a straight line from `start` to `end` cents (25 steps),
    /// the session's rule as `peach train` has it without a focus. What the profile's windows
    /// are judged by (issue 33: a listener improving from 8 to 4 c over 60 days).
    ///
    /// Without `sessionTrials` one staircase runs through the whole history; with it, the trials
    /// come in sessions of that many (the last may be shorter), each started as `peach train`
    /// and the iOS app start one: from the profile's mean of the trials before it.
    public static func history(from start: Double, to end: Double, trials: Int = 2400, days: Double = 60,
                               sessionTrials: Int? = nil, seed: UInt64, now: Date) async throws -> [PitchComparisonRecord] {
        let thresholds = historyThresholds(from: start, to: end, trials: trials)
        let listeners = try Dictionary(Set(thresholds).map { ($0, try ComparisonListener(threshold: $0)) },
                                       uniquingKeysWith: { first, _ in first })
        let span = days * 86_400
        func stamped(_ records: [PitchComparisonRecord], from first: Int) -> [PitchComparisonRecord] {
            records.enumerated().map { offset, record in
                var record = record
                record.timestamp = now.addingTimeInterval(-span + span * (Double(first + offset) + 0.5) / Double(trials))
                return record
            }
        }
        guard let sessionTrials, sessionTrials < trials else {
            let records = try await run(trials: trials, seed: seed, intervals: [.prime]) { trial, random in
                listeners[thresholds[trial.number - 1]]!.answersHigher(to: trial.centOffset.rawValue, using: &random)
            }
            return stamped(records, from: 0)
        }
        let profile = PerceptualProfile()
        var records: [PitchComparisonRecord] = []
        for (session, first) in stride(from: 0, to: trials, by: max(1, sessionTrials)).enumerated() {
            let count = min(sessionTrials, trials - first)
            let sitting = try await run(trials: count, seed: seed &* 1_000 &+ UInt64(session), intervals: [.prime],
                                        profile: profile) { trial, random in
                listeners[thresholds[first + trial.number - 1]]!.answersHigher(to: trial.centOffset.rawValue, using: &random)
            }
            for record in stamped(sitting, from: first) {
                profile.add(record)
                records.append(record)
            }
        }
        return records
    }

    /// The true threshold of each trial of `history` (in order): the truth a window's estimate
    /// is judged by.
    public static func historyThresholds(from start: Double, to end: Double, trials: Int = 2400) -> [Double] {
        let steps = 25
        return (0..<trials).map { index in
            start + (end - start) * Double(min(steps - 1, index * steps / trials)) / Double(steps - 1)
        }
    }
}
