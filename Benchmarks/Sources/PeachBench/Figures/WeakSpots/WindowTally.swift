import Foundation
import PeachCore
import PeachReport
import PeachSimulation

/// The 30-day window comparison of issue 33 on simulated histories over 60 days: a listener
/// improving from 8 to 4 c and a stable one at 6 c, `perWindow` unison trials in each 30 days.
///
/// The truth is what the windows estimate: inside a window every trial counts alike, so each
/// window's true threshold is the mean of its trials' true thresholds, and the true change the
/// difference of the two (2.08 c for 8 → 4 c in 25 steps, whatever the number of trials).
struct WindowTally {
    let perWindow: Int
    /// Trials per session (a day's), each session started from the profile's mean; nil: one
    /// staircase throughout.
    var sessionTrials: Int? = nil
    var runs = 0
    /// The verdict the report gives (the two-sided 95 % interval).
    var improved = 0, covered = 0, stable = 0, stableImproved = 0, stableCovered = 0
    /// A one-sided 95 % bound for "better?" (`atLeast` > 0) and "worse?" (`atMost` < 0), not adopted.
    var oneSidedImproved = 0, oneSidedHolds = 0, stableOneSidedImproved = 0, stableOneSidedWorse = 0
    var widths: [Double] = []
    var changes: [Double] = []
    var truth = Double.nan

    static let days = 30
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    var share: (improved: Double, covered: Double, stable: Double) {
        let runs = Double(max(1, self.runs))
        return (Double(improved) / runs, Double(covered) / runs, Double(stable) / runs)
    }

    /// `runs` seeds (1…`runs`) of each listener; the stable one only when `stable`.
    static func measure(runs: Int, perWindow: Int, sessionTrials: Int? = nil, stable: Bool = true) async throws -> WindowTally {
        var tally = WindowTally(perWindow: perWindow, sessionTrials: sessionTrials)
        let trials = 2 * perWindow
        tally.truth = trueChange(thresholds: ComparisonSimulation.historyThresholds(from: 8, to: 4, trials: trials))
        for seed in 1...UInt64(runs) {
            tally.runs += 1
            if let change = try await change(from: 8, to: 4, trials: trials, sessionTrials: sessionTrials, seed: seed) {
                if change.verdict == .improved { tally.improved += 1 }
                if change.lower <= tally.truth && tally.truth <= change.upper { tally.covered += 1 }
                if change.atLeast > 0 { tally.oneSidedImproved += 1 }
                if change.atLeast <= tally.truth { tally.oneSidedHolds += 1 }
                tally.widths.append(change.upper - change.lower)
                tally.changes.append(change.improvement)
            }
            guard stable, let same = try await change(from: 6, to: 6, trials: trials, sessionTrials: sessionTrials,
                                                          seed: seed + 100) else { continue }
            if same.verdict == .noClearChange { tally.stable += 1 }
            if same.verdict == .improved { tally.stableImproved += 1 }
            if same.lower <= 0 && 0 <= same.upper { tally.stableCovered += 1 }
            if same.atLeast > 0 { tally.stableOneSidedImproved += 1 }
            if same.atMost < 0 { tally.stableOneSidedWorse += 1 }
        }
        return tally
    }

    /// The report's 30-day change of one simulated history.
    private static func change(from start: Double, to end: Double, trials: Int, sessionTrials: Int?,
                               seed: UInt64) async throws -> ThresholdChange? {
        let records = try await ComparisonSimulation.history(from: start, to: end, trials: trials,
                                                             sessionTrials: sessionTrials, seed: seed, now: now)
        let report = ProfileReport(comparisons: records, matchings: [], now: now)
        return report.windows[.unisonComparison]?.first { $0.days == days }?.change
    }

    /// Mean true threshold of the 30 days before the window minus that of the window: the history
    /// spreads its trials evenly over 60 days, so each half is one window.
    static func trueChange(thresholds: [Double]) -> Double {
        let half = thresholds.count / 2
        func mean(_ values: ArraySlice<Double>) -> Double { values.reduce(0, +) / Double(values.count) }
        return mean(thresholds[..<half]) - mean(thresholds[half...])
    }

    /// "1200 trials a window (40 a day): …" in one line.
    var line: String {
        let spread = Quartiles(changes), width = Quartiles(widths)
        let mean = changes.reduce(0, +) / Double(max(1, changes.count))
        let sd = (changes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(1, changes.count - 1))).squareRoot()
        let sessions = sessionTrials.map { ", in daily sessions of \($0), each started from the profile's mean" }
            ?? ", one staircase throughout"
        var text = "\(perWindow) trials a window (\(perWindow / Self.days) a day\(sessions)): improving listener \"improved\" in "
            + "\(improved) of \(runs), the 95 % interval holding the true \(String(format: "%.2f", truth)) c in \(covered); "
            + "estimated change median \(String(format: "%.2f", spread.median)) c (IQR \(String(format: "%.2f", spread.lower))–"
            + "\(String(format: "%.2f", spread.upper)), SD \(String(format: "%.2f", sd))), interval width \(String(format: "%.2f", width.median)) c (median); "
            + "one-sided 95 % bound: \"improved\" in \(oneSidedImproved), holding the truth in \(oneSidedHolds)"
        if stable + stableImproved > 0 || stableCovered > 0 {
            text += ". Stable listener: \"no clear change\" in \(stable) of \(runs) (\"improved\" in \(stableImproved)), "
                + "the interval holding 0 in \(stableCovered); one-sided: \"improved\" in \(stableOneSidedImproved), "
                + "\"worse\" in \(stableOneSidedWorse)"
        }
        return text + "."
    }
}
