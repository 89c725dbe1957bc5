import Foundation
import PeachTestSupport
import Testing
@testable import PeachCore

@Suite("Running threshold fit")
struct RunningThresholdFitTests {
    /// A listener with T = `threshold` answering a staircase-like spread of offsets, seeded.
    static func trials(count: Int, threshold: Double, seed: UInt64) throws -> [ComparisonObservation] {
        var random = SplitMix64(seed: seed)
        let function = try PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0.02)
        return (0..<count).map { _ in
            let offset = threshold * exp(Double.random(in: -1.5...1.5, using: &random))
            return ComparisonObservation(offset: offset,
                                         isCorrect: Double.random(in: 0..<1, using: &random) < function.probabilityCorrect(at: offset))
        }
    }

    /// The full fit of the first `count` trials, weighted as the profile weighs them.
    static func fullFit(_ trials: [ComparisonObservation], _ weighting: RecencyWeighting) -> ThresholdEstimate? {
        let weights = weighting.weights(count: trials.count)
        return ThresholdFit.estimate(zip(trials, weights).map {
            ComparisonObservation(offset: $0.offset, isCorrect: $0.isCorrect, weight: $1)
        })
    }

    static func expectClose(_ running: ThresholdEstimate?, _ full: ThresholdEstimate?, _ context: String) throws {
        let running = try #require(running, "\(context)")
        let full = try #require(full, "\(context)")
        #expect(running.kind == full.kind, "\(context)")
        #expect(running.trials == full.trials, "\(context)")
        #expect(abs(running.effectiveTrials - full.effectiveTrials) < 1e-3 * full.effectiveTrials, "\(context)")
        // Offsets binned at 2 % instead of 0.5 %: within a 3 % grid step of the full fit.
        for (a, b) in [(running.cents, full.cents), (running.lower, full.lower), (running.upper, full.upper)] {
            #expect((a == nil) == (b == nil), "\(context)")
            if let a, let b { #expect(abs(log(a / b)) < log(1.03), "\(context): \(a) against \(b)") }
        }
    }

    @Test("after every step, the estimate the full fit gives for the trials so far (recency weighted)")
    func matchesTheFullFitAtEveryStep() throws {
        let trials = try Self.trials(count: 400, threshold: 6, seed: 1)
        let weighting = RecencyWeighting(halfLife: 80)
        var running = RunningThresholdFit(weighting: weighting)
        #expect(running.estimate() == nil)
        for (index, trial) in trials.enumerated() {
            running.add(trial)
            if [0, 9, 49, 199, 399].contains(index) {
                try Self.expectClose(running.estimate(), Self.fullFit(Array(trials[...index]), weighting), "after \(index + 1)")
            }
        }
    }

    @Test("a history of many half-lives neither overflows nor forgets the recent trials")
    func longHistories() throws {
        // Half-life 1 trial: the stored weights are rebased every 500 trials.
        let trials = try Self.trials(count: 1200, threshold: 20, seed: 2) + Self.trials(count: 1300, threshold: 3, seed: 3)
        let weighting = RecencyWeighting(halfLife: 50)
        var running = RunningThresholdFit(weighting: RecencyWeighting(halfLife: 1))
        var slow = RunningThresholdFit(weighting: weighting)
        for trial in trials {
            running.add(trial)
            slow.add(trial)
        }
        let estimate = try #require(running.estimate())
        #expect(estimate.effectiveTrials.isFinite && estimate.effectiveTrials > 1 && estimate.effectiveTrials < 3)
        try Self.expectClose(slow.estimate(), Self.fullFit(trials, weighting), "2500 trials, half-life 50")
        // The listener now at 3 c: the recent trials decide.
        let cents = try #require(slow.estimate()?.cents)
        #expect(cents > 2 && cents < 4.5)
    }

    @Test("all right and all wrong stay bounded on one side, as in the full fit")
    func oneSidedHistories() throws {
        var right = RunningThresholdFit()
        var wrong = RunningThresholdFit()
        for offset in [30.0, 20, 10, 5, 40, 25] {
            right.add(ComparisonObservation(offset: offset, isCorrect: true))
            wrong.add(ComparisonObservation(offset: offset, isCorrect: false))
        }
        #expect(right.estimate()?.kind == .below)
        #expect(wrong.estimate()?.kind == .above)
    }
}
