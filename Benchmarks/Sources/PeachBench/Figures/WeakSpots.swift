import Foundation
import PeachCore
import PeachReport
import PeachSimulation

/// Figure 20 (issue 33): the profile's per-interval estimates and window verdicts on simulated
/// listeners, through the real comparison session and `peach profile`'s report, for training
/// as the iOS app does and with `--focus weak`. Figure 9 is its model.
struct WeakSpots: BenchmarkFigure {
    static let number = 20
    static let title = "Where am I weak"
    static let target = "after 600 interval-comparison trials with `--focus weak`, ≥ 90 % of the per-interval estimates "
        + "within ±30 % of the truth and their 95 % intervals holding it in ≥ 90 %, the weakest interval named right "
        + "in ≥ 90 % of runs; a listener improving from 8 to 4 c over 60 days seen to improve, with an interval "
        + "holding the change, and a stable one given \"no clear change\" in ≥ 90 % of runs"
    static let needsSequencer = false

    /// Issue 33's listener: fifth up 3 c, major third down 9 c, minor sixth up 6 c.
    static let truth: [DirectedInterval: Double] = [
        DirectedInterval(.perfectFifth, .up): 3, DirectedInterval(.majorThird, .down): 9,
        DirectedInterval(.minorSixth, .up): 6,
    ]
    static let checkpoints = [150, 300, 450, 600, 900, 1200]
    static let judgedTrials = 600

    func run(_ context: BenchContext) async throws -> FigureResult {
        let runs = context.count(100, quick: 2)
        let checkpoints = context.quick ? [150, 300] : Self.checkpoints
        let listener = try IntervalListener(thresholds: Self.truth)
        var rules: [(name: String, tallies: [IntervalRuleTally])] = []
        for (name, focus) in [("today's", nil), ("--focus weak", WeakFocus())] as [(String, WeakFocus?)] {
            var tallies = checkpoints.map { IntervalRuleTally(trials: $0) }
            for seed in 1...UInt64(runs) {
                let records = try await ComparisonSimulation.run(
                    trials: checkpoints.last!, seed: seed, intervals: listener.intervals, focus: focus
                ) { listener.answersHigher(to: $0, using: &$1) }
                for index in tallies.indices {
                    let prefix = Array(records.prefix(tallies[index].trials))
                    tallies[index].add(ProfileReport(comparisons: prefix, matchings: [], now: prefix.last!.timestamp),
                                       truth: Self.truth, weakest: listener.weakest)
                }
            }
            context.progress("figure 20: \(name) rule: \(runs) runs of \(checkpoints.last!) trials")
            rules.append((name, tallies))
        }
        let windows = try await Self.windows(runs: context.count(100, quick: 2))
        context.progress("figure 20: windows: \(windows.runs) runs of each listener")

        let judged = checkpoints.contains(Self.judgedTrials) ? Self.judgedTrials : checkpoints.last!
        let plain = rules[0].tallies.first { $0.trials == judged }!
        let focused = rules[1].tallies.first { $0.trials == judged }!
        let holds = focused.closeShare >= 0.9 && focused.coverage >= 0.9 && focused.namedShare >= 0.9
            && windows.improvedShare >= 0.9 && windows.coveredShare >= 0.9 && windows.stableShare >= 0.9
        let detail = "focused, after \(judged) trials: \(Self.percent(focused.closeShare)) within ±30 %, "
            + "intervals hold the truth in \(Self.percent(focused.coverage)), weakest named in "
            + "\(Self.percent(focused.namedShare)); improving listener \"improved\" in \(windows.improved) of "
            + "\(windows.runs) (interval holds the change in \(windows.covered)), stable \"no clear change\" in "
            + "\(windows.stable) of \(windows.runs)"
        var result = result(
            series: [
                .init("--focus weak: estimate ÷ truth, \(judged) trials", unit: "×", values: focused.ratios),
                .init("today's rule: estimate ÷ truth, \(judged) trials", role: .baseline, unit: "×",
                      values: plain.ratios),
            ],
            verdict: context.verdict(holds, detail),
            findings: Self.findings(runs: runs, rules: rules, windows: windows))
        result.table = [IntervalRuleTally.header] + rules.flatMap { rule in rule.tallies.map { $0.row(rule: rule.name) } }
        return result
    }

    /// Window verdicts over `runs` runs of the improving and the stable listener.
    struct WindowTally {
        var runs = 0, improved = 0, covered = 0, stable = 0, stableCovered = 0
        var widths: [Double] = []

        var improvedShare: Double { Double(improved) / Double(max(1, runs)) }
        var coveredShare: Double { Double(covered) / Double(max(1, runs)) }
        var stableShare: Double { Double(stable) / Double(max(1, runs)) }
    }

    /// 2400 unison trials over 60 days: 8 → 4 c (about 7 c in the 30 days before, 5 c in the
    /// last 30: a change of 2 c) and 6 c throughout.
    static func windows(runs: Int) async throws -> WindowTally {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var tally = WindowTally()
        for seed in 1...UInt64(runs) {
            tally.runs += 1
            let improving = ProfileReport(comparisons: try await ComparisonSimulation.history(from: 8, to: 4, seed: seed, now: now),
                                          matchings: [], now: now)
            if let change = improving.windows[.unisonComparison]?.first(where: { $0.days == 30 })?.change {
                if change.verdict == .improved { tally.improved += 1 }
                if change.lower <= 2 && 2 <= change.upper { tally.covered += 1 }
                tally.widths.append(change.upper - change.lower)
            }
            let steady = ProfileReport(comparisons: try await ComparisonSimulation.history(from: 6, to: 6, seed: seed + 100, now: now),
                                       matchings: [], now: now)
            if let change = steady.windows[.unisonComparison]?.first(where: { $0.days == 30 })?.change {
                if change.verdict == .noClearChange { tally.stable += 1 }
                if change.lower <= 0 && 0 <= change.upper { tally.stableCovered += 1 }
            }
        }
        return tally
    }

    private static func findings(runs: Int, rules: [(name: String, tallies: [IntervalRuleTally])],
                                 windows: WindowTally) -> [String] {
        var lines = [
            "Issue 33's listener (fifth up 3 c, major third down 9 c, minor sixth up 6 c; each figure 9's Weibull, slope 2, "
                + "4 % lapses, 60 % \"higher\" when guessing) answers \(runs) runs (seeds 1–\(runs)) of interval comparison "
                + "through the real `PitchComparisonSession` from a cold start, as the iOS app trains (one Kazez staircase "
                + "per discipline, intervals drawn evenly) and with `--focus weak` (a staircase per interval settling at "
                + "75 % correct, intervals drawn by their staircase's level). The estimates are `peach profile`'s "
                + "(`ProfileReport`, recency half-life \(Int(RecencyWeighting.standard.halfLife)) trials) over the trials "
                + "up to each count.",
        ]
        // Trials needed: the first count at which the focused rule is as accurate as today's rule at each count.
        let focused = rules[1].tallies, plain = rules[0].tallies
        for reference in plain where reference.trials == 600 || reference.trials == plain.last!.trials {
            let reached = focused.first { $0.closeShare >= reference.closeShare }
            lines.append("Today's rule has \(Self.percent(reference.closeShare)) of its estimates within ±30 % after "
                + "\(reference.trials) trials; `--focus weak` reaches that "
                + (reached.map { "after \($0.trials) trials (the first count measured)" } ?? "within no count measured") + ".")
        }
        let widths = Quartiles(windows.widths)
        lines.append("Windows: 2400 unison trials spread evenly over 60 days (today's rule), the 30-day window against "
            + "the 30 days before; the two windows are fitted together, each its own threshold, one slope and lapse rate. "
            + "Improving listener 8 → 4 c (about 7 c before, 5 c after: a change of 2 c): \"improved\" in "
            + "\(windows.improved) of \(windows.runs), the change's 95 % interval holding 2 c in \(windows.covered), its "
            + "width \(String(format: "%.2f", widths.median)) c (median). Stable listener (6 c): \"no clear change\" in "
            + "\(windows.stable) of \(windows.runs), the interval holding 0 in \(windows.stableCovered).")
        return lines
    }

    private static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f %%", value * 100) : "–"
    }
}
