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
        var sizes: [WindowTally] = []
        for perWindow in context.quick ? [Self.windowSizes[0]] : Self.windowSizes {
            sizes.append(try await WindowTally.measure(runs: context.count(100, quick: 2), perWindow: perWindow))
            context.progress("figure 20: windows of \(perWindow) trials: \(sizes.last!.runs) runs of each listener")
        }
        // The history as a musician makes it: daily sessions (a few minutes a day, as the iOS
        // app's users train), each started from the profile's mean, as `peach train` and the app
        // start one. This is the one judged; one staircase through all 60 days shows the power alone.
        let windows = try await WindowTally.measure(runs: context.count(100, quick: 2), perWindow: Self.windowSizes[0],
                                                    sessionTrials: Self.windowSizes[0] / WindowTally.days)
        sizes.append(windows)
        context.progress("figure 20: windows in daily sessions: \(windows.runs) runs of each listener")

        let judged = checkpoints.contains(Self.judgedTrials) ? Self.judgedTrials : checkpoints.last!
        let plain = rules[0].tallies.first { $0.trials == judged }!
        let focused = rules[1].tallies.first { $0.trials == judged }!
        let holds = focused.closeShare >= 0.9 && focused.coverage >= 0.9 && focused.namedShare >= 0.9
            && windows.share.improved >= 0.9 && windows.share.covered >= 0.9 && windows.share.stable >= 0.9
        let detail = "focused, after \(judged) trials: \(Self.percent(focused.closeShare)) within ±30 %, "
            + "intervals hold the truth in \(Self.percent(focused.coverage)), weakest named in "
            + "\(Self.percent(focused.namedShare)); improving listener \"improved\" in \(windows.improved) of "
            + "\(windows.runs) (interval holds the change in \(windows.covered)), stable \"no clear change\" in "
            + "\(windows.stable) of \(windows.runs) (daily sessions of \(Self.windowSizes[0] / WindowTally.days))"
        var result = result(
            series: [
                .init("--focus weak: estimate ÷ truth, \(judged) trials", unit: "×", values: focused.ratios),
                .init("today's rule: estimate ÷ truth, \(judged) trials", role: .baseline, unit: "×",
                      values: plain.ratios),
            ],
            verdict: context.verdict(holds, detail),
            findings: Self.findings(runs: runs, rules: rules, windows: sizes))
        result.table = [IntervalRuleTally.header] + rules.flatMap { rule in rule.tallies.map { $0.row(rule: rule.name) } }
        return result
    }

    /// Trials per 30-day window: the first is the history (2400 trials over 60 days);
    /// the others show where the comparison's power reaches 90 %.
    static let windowSizes = [1200, 1500, 1800, 2400]

    private static func findings(runs: Int, rules: [(name: String, tallies: [IntervalRuleTally])],
                                 windows: [WindowTally]) -> [String] {
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
        lines.append("Windows: unison trials spread evenly over 60 days (today's rule), the "
            + "30-day window against the 30 days before, fitted together (each its own threshold, one slope and lapse "
            + "rate); the verdict is the change's two-sided 95 % interval, judged on the history in daily sessions. The truth is each window's mean true threshold "
            + "(every trial in a window counts alike): the improving listener goes from 8 to 4 c, the stable one stays at 6 c.")
        lines += windows.map(\.line)
        if let reached = windows.first(where: { $0.sessionTrials == nil && $0.share.improved >= 0.9 }) {
            lines.append("The improving listener is called \"improved\" in ≥ 90 % of runs from \(reached.perWindow) trials "
                + "a window on (of those measured).")
        } else {
            lines.append("The improving listener is called \"improved\" in ≥ 90 % of runs at none of the window sizes measured.")
        }
        return lines
    }

    private static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f %%", value * 100) : "–"
    }
}
