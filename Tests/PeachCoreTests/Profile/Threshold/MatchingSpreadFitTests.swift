import Foundation
import Testing
@testable import PeachCore

@Suite("Matching spread")
struct MatchingSpreadFitTests {
    @Test func theSpreadIsTheSampleDeviationWithTheChiSquareInterval() throws {
        let result = try #require(MatchingSpreadFit.estimate(errors: [1, -1, 3, -3].map { ($0, 1) }))
        #expect(result.bias == 0)
        let spread = result.spread
        #expect(spread.kind == .interval)
        // S = 20 over N − 1 = 3 degrees of freedom: √(20/3); χ²₃ quantiles 9.3484 and 0.2158.
        #expect(abs(try #require(spread.cents) - (20.0 / 3).squareRoot()) < 1e-12)
        #expect(abs(try #require(spread.lower) / (20 / 9.3484).squareRoot() - 1) < 0.01)
        #expect(abs(try #require(spread.upper) / (20 / 0.2158).squareRoot() - 1) < 0.01)
    }

    @Test func theBiasIsTheWeightedMeanSignedError() throws {
        let result = try #require(MatchingSpreadFit.estimate(errors: [(2, 1), (8, 0.5), (4, 1)]))
        #expect(abs(result.bias - 4) < 1e-12)
    }

    @Test func oneTrialSaysNothingAboutASpread() throws {
        let result = try #require(MatchingSpreadFit.estimate(errors: [(3, 1)]))
        #expect(result.spread.kind == .unresolved)
        #expect(result.bias == 3)
        #expect(MatchingSpreadFit.estimate(errors: []) == nil)
    }

    @Test func theIntervalShrinksWithMoreData() throws {
        let errors = [2.0, -1, 0.5, -3, 1.5, 2.5, -0.5, -2]
        let few = try #require(MatchingSpreadFit.estimate(errors: errors.map { ($0, 1) })?.spread)
        let many = try #require(MatchingSpreadFit.estimate(errors: Array(repeating: errors, count: 5).flatMap { $0 }.map { ($0, 1) })?.spread)
        let width = { (e: ThresholdEstimate) in (e.upper ?? .infinity) / (e.lower ?? 0) }
        #expect(width(many) < width(few))
    }
}
