import Testing
@testable import PeachCore

@Suite("The change between two windows, with the interval of the difference")
struct ThresholdChangeTests {
    /// A posterior on a grid 0.1 c apart, normal around `centre` with SD `sd`.
    static func posterior(_ centre: Double, sd: Double) -> ThresholdPosterior {
        let values = stride(from: 0.1, through: 20, by: 0.1).map { $0 }
        return ThresholdPosterior(values: values, logDensity: values.map { -0.5 * (($0 - centre) / sd) * (($0 - centre) / sd) })!
    }

    @Test func aClearFallIsAnImprovementWithTheNormalInterval() throws {
        let change = try #require(ThresholdChange(before: Self.posterior(8, sd: 0.5), after: Self.posterior(5, sd: 0.5)))
        #expect(change.verdict == .improved)
        // The difference of two normals: 3 c, SD 0.5·√2; its 95 % interval ±1.39 c (grid 0.1 c).
        #expect(abs(change.improvement - 3) < 0.11)
        #expect(abs(change.lower - (3 - 1.386)) < 0.15 && abs(change.upper - (3 + 1.386)) < 0.15)
        #expect(change.text.hasPrefix("improved by 3.0 c ("))
    }

    @Test func overlappingEstimatesAreNoClearChangeAndARiseIsWorse() throws {
        let none = try #require(ThresholdChange(before: Self.posterior(6, sd: 1), after: Self.posterior(5.5, sd: 1)))
        #expect(none.verdict == .noClearChange)
        #expect(none.text.hasPrefix("no clear change (−"))
        let worse = try #require(ThresholdChange(before: Self.posterior(4, sd: 0.3), after: Self.posterior(7, sd: 0.3)))
        #expect(worse.verdict == .worse)
        #expect(worse.improvement < -2.8 && worse.text.hasPrefix("worse by 3.0 c ("))
    }

    @Test func aPosteriorNeedsFiniteDensity() {
        #expect(ThresholdPosterior(values: [1, 2], logDensity: [-.infinity, .nan]) == nil)
        #expect(ThresholdPosterior(values: [1, 2], logDensity: [0]) == nil)
    }

    @Test func intervalsReadAsMusiciansSayThem() {
        #expect(DirectedInterval(.majorThird, .down).words == "major third down")
        #expect(DirectedInterval.perfectFifthUp.words == "fifth up")
        #expect(DirectedInterval.prime.words == "unison")
        let (c4, e3): (MIDINote, MIDINote) = (60, 52)
        #expect(DirectedInterval(.minorSixth, from: c4, to: e3).abbreviation == "m6d")
    }
}
