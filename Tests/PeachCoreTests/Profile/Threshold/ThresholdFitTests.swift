import Foundation
import Testing
@testable import PeachCore

@Suite("Threshold fit")
struct ThresholdFitTests {
    @Test func theFunctionIsSeventyFivePercentAtItsThresholdAndAGuessAtZero() throws {
        let function = try PsychometricFunction(threshold: 4, slope: 2, lapseRate: 0)
        #expect(abs(function.probabilityCorrect(at: 4) - 0.75) < 1e-12)
        #expect(function.probabilityCorrect(at: 0) == 0.5)
        // x = 2: (2/4)² = 0.25, 2^−0.25 = 0.8408964, so 0.5 + 0.5 · 0.1591036.
        #expect(abs(function.probabilityCorrect(at: 2) - 0.5795518) < 1e-7)
    }

    @Test func invalidParametersAreRefused() {
        #expect(throws: DomainValueError.self) { try PsychometricFunction(threshold: 0, slope: 2, lapseRate: 0) }
        #expect(throws: DomainValueError.self) { try PsychometricFunction(threshold: 1, slope: -1, lapseRate: 0) }
        #expect(throws: DomainValueError.self) { try PsychometricFunction(threshold: 1, slope: 2, lapseRate: 0.5) }
        #expect(throws: DomainValueError.self) { try PsychometricFunction(threshold: .nan, slope: 2, lapseRate: 0) }
    }

    @Test func theLogLikelihoodMatchesAHandComputation() throws {
        let function = try PsychometricFunction(threshold: 4, slope: 2, lapseRate: 0.02)
        let observations = [
            ComparisonObservation(offset: 4, isCorrect: true),             // 0.5 + 0.48 · 0.5 = 0.74
            ComparisonObservation(offset: -2, isCorrect: false),           // 1 − (0.5 + 0.48 · 0.1591036) = 0.4236303
            ComparisonObservation(offset: 8, isCorrect: true, weight: 0.5), // 0.5 + 0.48 · (1 − 2^−4) = 0.95
        ]
        let expected = log(0.74) + log(0.4236303) + 0.5 * log(0.95)
        #expect(abs(ThresholdFit.logLikelihood(observations, under: function) - expected) < 1e-6)
    }

    @Test func aWrongAnswerFarAboveALapseFreeThresholdStaysFinite() throws {
        let function = try PsychometricFunction(threshold: 0.1, slope: 3, lapseRate: 0)
        let value = ThresholdFit.logLikelihood([ComparisonObservation(offset: 100, isCorrect: false)], under: function)
        // log ½ − ln2 · 1000³: far below anything else, but a number the fit can compare.
        #expect(value.isFinite)
        #expect(abs(value - (log(0.5) - log(2.0) * 1e9)) < 1)
    }

    @Test func theEstimateIsTheGridMaximumOfTheLikelihood() throws {
        let observations = try Self.pattern(threshold: 6)
        let estimate = try #require(ThresholdFit.estimate(observations))
        var best = (threshold: 0.0, logLikelihood: -Double.infinity)
        for threshold in ThresholdFit.thresholds {
            for slope in ThresholdFit.Nuisance.standard.slopes {
                for lapse in ThresholdFit.Nuisance.standard.lapseRates {
                    let value = ThresholdFit.logLikelihood(
                        observations, under: try PsychometricFunction(threshold: threshold, slope: slope, lapseRate: lapse))
                    if value > best.logLikelihood { best = (threshold, value) }
                }
            }
        }
        #expect(estimate.kind == .interval)
        let cents = try #require(estimate.cents)
        // Within half a grid step (3 %) of the brute-force maximum, and inside its own interval.
        #expect(abs(log(cents / best.threshold)) <= log(1.03) / 2 + 1e-9)
        #expect(estimate.covers(cents))
        #expect(estimate.covers(6))
    }

    @Test func allCorrectAnswersBoundTheThresholdFromAboveOnlyAndSaySo() throws {
        let observations = stride(from: 50.0, through: 4, by: -1.5).map { ComparisonObservation(offset: $0, isCorrect: true) }
        let estimate = try #require(ThresholdFit.estimate(observations))
        #expect(estimate.kind == .below)
        #expect(estimate.cents == nil)
        #expect(estimate.lower == nil)
        let upper = try #require(estimate.upper)
        #expect(upper < 10)
        #expect(upper > 0.05)
    }

    @Test func allWrongAnswersBoundTheThresholdFromBelowOnlyAndSaySo() throws {
        let observations = stride(from: 2.0, through: 60, by: 2).map { ComparisonObservation(offset: $0, isCorrect: false) }
        let estimate = try #require(ThresholdFit.estimate(observations))
        #expect(estimate.kind == .above)
        #expect(estimate.cents == nil)
        #expect(estimate.upper == nil)
        #expect(try #require(estimate.lower) > 20)
    }

    @Test func nothingToGoOnGivesNoEstimate() {
        #expect(ThresholdFit.estimate([]) == nil)
        #expect(ThresholdFit.estimate([ComparisonObservation(offset: 5, isCorrect: true, weight: 0)]) == nil)
    }

    @Test func twoTrialsRuleOutNothing() throws {
        let estimate = try #require(ThresholdFit.estimate([
            ComparisonObservation(offset: 5, isCorrect: true), ComparisonObservation(offset: 5, isCorrect: false),
        ]))
        #expect(estimate.kind == .unresolved)
        #expect(estimate.lower == nil && estimate.upper == nil && estimate.cents == nil)
    }

    @Test func theIntervalShrinksWithMoreData() throws {
        let few = try #require(ThresholdFit.estimate(Self.pattern(threshold: 6)))
        let many = try #require(ThresholdFit.estimate(Array(repeating: Self.pattern(threshold: 6), count: 4).flatMap { $0 }))
        let width = { (estimate: ThresholdEstimate) throws -> Double in
            log(try #require(estimate.upper) / (try #require(estimate.lower)))
        }
        #expect(try width(many) < 0.7 * width(few))
        #expect(many.covers(6))
    }

    @Test func olderTrialsCountLessAndWidenTheInterval() throws {
        let weighting = RecencyWeighting(halfLife: 1)
        #expect(weighting.weights(count: 3) == [0.25, 0.5, 1])
        #expect(RecencyWeighting(halfLife: .infinity).weights(count: 2) == [1, 1])
        let pattern = try Self.pattern(threshold: 6)
        let faded = zip(pattern, RecencyWeighting(halfLife: 40).weights(count: pattern.count)).map {
            ComparisonObservation(offset: $0.offset, isCorrect: $0.isCorrect, weight: $1)
        }
        let full = try #require(ThresholdFit.estimate(pattern))
        let weighted = try #require(ThresholdFit.estimate(faded))
        #expect(weighted.effectiveTrials < full.effectiveTrials)
        #expect(try #require(weighted.upper) / #require(weighted.lower) > #require(full.upper) / #require(full.lower))
    }

    /// A deterministic history: at each offset, correct answers in the proportion a listener with
    /// `threshold` (slope 2, no lapses) gives, rounded to whole trials out of 8.
    static func pattern(threshold: Double) throws -> [ComparisonObservation] {
        let function = try PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0)
        return [1.5, 3, 4.5, 6, 8, 10, 13, 20].flatMap { offset -> [ComparisonObservation] in
            let correct = Int((function.probabilityCorrect(at: offset) * 8).rounded())
            return (0..<8).map { ComparisonObservation(offset: offset, isCorrect: $0 < correct) }
        }
    }
}
