import Foundation
import PeachCore

extension ComparisonSimulation {
    /// A listener's unison history over `days` days before `now`: `trials` trials spread evenly
    /// over them, the threshold moving in a straight line from `start` to `end` cents (25 steps),
    /// the session's rule as `peach train` has it without a focus. What the profile's windows
    /// are judged by (issue 33: a listener improving from 8 to 4 c over 60 days).
    public static func history(from start: Double, to end: Double, trials: Int = 2400, days: Double = 60,
                               seed: UInt64, now: Date) async throws -> [PitchComparisonRecord] {
        let steps = 25
        let listeners = try (0..<steps).map { step in
            try ComparisonListener(threshold: start + (end - start) * Double(step) / Double(steps - 1))
        }
        var records = try await run(trials: trials, seed: seed, intervals: [.prime]) { trial, random in
            listeners[min(steps - 1, (trial.number - 1) * steps / trials)].answersHigher(to: trial.centOffset.rawValue,
                                                                                         using: &random)
        }
        let span = days * 86_400
        for index in records.indices {
            records[index].timestamp = now.addingTimeInterval(-span + span * (Double(index) + 0.5) / Double(trials))
        }
        return records
    }
}
