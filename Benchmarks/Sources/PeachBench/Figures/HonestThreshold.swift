import Foundation
import PeachCore
import PeachSimulation

/// Figure 9: how close the profile's threshold estimate comes to a simulated listener's true
/// threshold, through the real comparison session and its Kazez staircase, beside Peach's own
/// figure (the mean |offset| of correct answers); and the matching spread against the true
/// motor noise, beside Peach's mean |error|.
struct HonestThreshold: BenchmarkFigure {
    static let number = 9
    static let title = "An honest threshold"
    static let target = "after 50 comparison trials the estimate's median within ±20 % of the true threshold "
        + "(T = 2, 5, 15 c) and its 95 % interval holding the truth in ≥ 90 % of runs"
    static let needsSequencer = false

    static let thresholds = [2.0, 5, 15]
    static let motorNoises = [2.0, 4, 8]
    static let checkpoints = [30, 50, 100, 200]
    static let judgedTrials = 50

    func run(_ context: BenchContext) async throws -> FigureResult {
        let runs = context.count(200, quick: 6)
        let trials = Self.checkpoints.last!
        var table = [CheckpointTally.header]
        var series: [FigureResult.Series] = [], baselines: [FigureResult.Series] = []
        var judged: [CheckpointTally] = []

        for threshold in Self.thresholds {
            let listener = try ComparisonListener(threshold: threshold)
            var tallies = Self.checkpoints.map { CheckpointTally(truth: threshold, trials: $0) }
            for run in 0..<runs {
                let records = try await ComparisonSimulation.run(listener, trials: trials, seed: Self.seed(threshold, run))
                for index in tallies.indices {
                    let prefix = Array(records.prefix(tallies[index].trials))
                    let fit = ThresholdProfile(comparisons: prefix, matchings: []).disciplines[.unisonComparison]?.estimate
                    let peach = PerceptualProfile(comparisons: prefix, matchings: []).mean(for: .unisonComparison)
                    tallies[index].add(fit.map(Self.summary), peach: peach)
                }
            }
            context.progress("figure 9: comparison T = \(Self.cents(threshold)): \(runs) runs of \(trials) trials")
            table += tallies.map { $0.row(listener: "comparison, T = \(Self.cents(threshold))") }
            let atJudged = tallies.first { $0.trials == Self.judgedTrials }!
            judged.append(atJudged)
            series.append(.init("fit ÷ true T, T = \(Self.cents(threshold)), \(Self.judgedTrials) trials", unit: "×",
                                values: atJudged.estimates.map { $0 / threshold }))
            baselines.append(.init("Peach's mean correct |offset| ÷ true T, T = \(Self.cents(threshold)), "
                                   + "\(Self.judgedTrials) trials", role: .baseline, unit: "×",
                                   values: atJudged.peachFigures.map { $0 / threshold }))
        }

        for noise in Self.motorNoises {
            let listener = try MatchingListener(motorNoise: noise, bias: 1)
            var tallies = Self.checkpoints.map { CheckpointTally(truth: noise, trials: $0) }
            for run in 0..<runs {
                let records = try await MatchingSimulation.run(listener, trials: trials, seed: Self.seed(noise + 1000, run))
                for index in tallies.indices {
                    let prefix = Array(records.prefix(tallies[index].trials))
                    let fit = ThresholdProfile(comparisons: [], matchings: prefix).disciplines[.unisonMatching]?.estimate
                    let peach = PerceptualProfile(comparisons: [], matchings: prefix).mean(for: .unisonMatching)
                    tallies[index].add(fit.map(Self.summary), peach: peach)
                }
            }
            context.progress("figure 9: matching σ = \(Self.cents(noise)): \(runs) runs of \(trials) trials")
            table += tallies.map { $0.row(listener: "matching, motor noise SD \(Self.cents(noise))") }
            let atJudged = tallies.first { $0.trials == Self.judgedTrials }!
            series.append(.init("spread ÷ true SD, SD = \(Self.cents(noise)), \(Self.judgedTrials) trials", unit: "×",
                                values: atJudged.estimates.map { $0 / noise }))
            baselines.append(.init("Peach's mean |error| ÷ true SD, SD = \(Self.cents(noise)), \(Self.judgedTrials) trials",
                                   role: .baseline, unit: "×", values: atJudged.peachFigures.map { $0 / noise }))
        }

        let refit = try await Self.refitCost()
        let holds = judged.allSatisfy { abs($0.medianRatio - 1) <= 0.2 && $0.coverage >= 0.9 }
        let detail = judged.map { tally in
            "T = \(Self.cents(tally.truth)): median \(String(format: "%.2f", tally.medianRatio))× the truth, "
                + "interval holds it in \(String(format: "%.1f", tally.coverage * 100)) %"
        }.joined(separator: "; ")
        var result = result(
            series: zip(series, baselines).flatMap { [$0, $1] },
            verdict: context.verdict(holds, "after \(Self.judgedTrials) trials: " + detail),
            findings: [
                "Each listener answers \(runs) runs of \(trials) trials of unison comparison through the real "
                    + "`PitchComparisonSession` (Kazez staircase from a cold start at 100 c, default note range, a silent "
                    + "player on a virtual clock, seeded: the same numbers on every run). The estimates use the trials "
                    + "up to each count, as `peach profile` would after that many.",
                "Comparison listener: a Weibull with 75 % correct at T, slope 2, 4 % lapses (a guess), and guesses "
                    + "that say \"higher\" 60 % of the time. The fit: maximum likelihood over the threshold with slope "
                    + "(1.5–3) and lapse rate (0–0.06) maximised out, every trial right or wrong, recency half-life "
                    + "\(Int(RecencyWeighting.standard.halfLife)) trials; interval by profile likelihood.",
                "Matching listener: the note ends at the target + 1 c bias + normal motor noise of the stated SD, through "
                    + "the real `PitchMatchingSession`. Its spread is the SD of the errors around their mean (χ² interval). "
                    + "The control reaches ±20 c from the note's random start, so a wide aim is cut short now and then: "
                    + "the sessions clamp it, and the largest SD here shows that as an estimate a little under the truth.",
                "The live refit after each trial (`peach train`'s status line): one fit over a discipline's latest "
                    + "\(LiveThresholds.window(for: .standard)) trials took \(refit) here (median of 20).",
                "One-sided: runs whose interval is bounded on one side only (no point estimate, e.g. \"below 4 c\"); "
                    + "they count towards coverage by their one bound, not towards the medians.",
            ])
        result.table = table
        return result
    }

    /// The median time of one live refit over a full window of simulated trials.
    private static func refitCost() async throws -> String {
        let window = LiveThresholds.window(for: .standard)
        let records = try await ComparisonSimulation.run(try ComparisonListener(threshold: 5), trials: window, seed: 99)
        let live = LiveThresholds(comparisons: records, matchings: [])
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<20 {
            let start = clock.now
            _ = live.estimate(for: .unisonComparison)
            times.append(clock.now - start)
        }
        let median = times.sorted()[times.count / 2]
        return String(format: "%.1f ms", Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1000)
    }

    /// A seed per listener and run, so that adding a run leaves the others as they were.
    private static func seed(_ truth: Double, _ run: Int) -> UInt64 {
        UInt64(truth * 1000) &* 1_000_003 &+ UInt64(run)
    }

    private static func summary(_ estimate: ThresholdEstimate) -> ThresholdEstimateSummary {
        ThresholdEstimateSummary(cents: estimate.cents, lower: estimate.lower, upper: estimate.upper)
    }

    private static func cents(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) c" : "\(value) c"
    }
}
