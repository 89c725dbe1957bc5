import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("--focus weak: where the next comparison trial goes")
struct WeakFocusTests {
    static let fifth = DirectedInterval.perfectFifthUp
    static let third = DirectedInterval(.majorThird, .down)

    static func estimate(_ cents: Double, _ lower: Double, _ upper: Double) -> ThresholdEstimate {
        ThresholdEstimate(kind: .interval, cents: cents, lower: lower, upper: upper, trials: 100, effectiveTrials: 100)
    }

    @Test func intervalsAreDrawnInProportionToTheirStaircases() {
        let focus = WeakFocus()
        var random = SessionRandom(SplitMix64(seed: 1))
        let magnitudes: [DirectedInterval: Cents] = [Self.fifth: Cents(unchecked: 3), Self.third: Cents(unchecked: 9)]
        var thirds = 0
        for _ in 0..<4000 {
            let drawn = focus.interval(among: [Self.fifth, Self.third], magnitudes: magnitudes,
                                       start: { _ in Cents(unchecked: 100) }, random: &random)
            if drawn == Self.third { thirds += 1 }
        }
        // 9 / (3 + 9) = 75 %; 4000 draws put 3 SD at ±2 %.
        #expect(abs(Double(thirds) / 4000 - 0.75) < 0.03, "\(thirds) of 4000")
    }

    @Test func registersWeighByTheirUpperBoundAndTheUnknownByTheLargest() {
        let focus = WeakFocus(registers: [3: Self.estimate(8, 6, 12), 4: Self.estimate(3, 2, 4)])
        var random = SessionRandom(SplitMix64(seed: 2))
        var counts: [Int: Int] = [:]
        for _ in 0..<6000 {
            counts[focus.referenceNote(in: 48...83, random: &random).floorDivided(by: 12) - 1, default: 0] += 1
        }
        // Octaves 3, 4, 5 weigh 12, 4 and (unknown) 12 per note: 3/7, 1/7, 3/7.
        #expect(abs(Double(counts[3, default: 0]) / 6000 - 3.0 / 7) < 0.03)
        #expect(abs(Double(counts[4, default: 0]) / 6000 - 1.0 / 7) < 0.03)
        #expect(abs(Double(counts[5, default: 0]) / 6000 - 3.0 / 7) < 0.03)
    }

    @Test func aStaircaseStartsFromItsOwnEstimateAndTheStatusSaysWhy() {
        let focus = WeakFocus(intervals: [Self.third: Self.estimate(8.1, 6.2, 10.5),
                                          Self.fifth: ThresholdEstimate(kind: .below, cents: nil, lower: nil, upper: 4,
                                                                        trials: 40, effectiveTrials: 40)])
        #expect(focus.startingMagnitude(for: Self.third) == Cents(unchecked: 8.1))
        #expect(focus.startingMagnitude(for: Self.fifth) == Cents(unchecked: 4))
        #expect(focus.startingMagnitude(for: .prime) == nil)
        let both = [Self.fifth, Self.third]
        #expect(focus.reason(for: Self.third, among: both, magnitudes: [:]) == "your weakest")
        #expect(focus.reason(for: Self.fifth, among: both, magnitudes: [:]) == "33 % of trials")
        #expect(WeakFocus().reason(for: Self.fifth, among: both, magnitudes: [:]) == "little data yet")
        #expect(focus.reason(for: .prime, among: [.prime], magnitudes: [:]) == "by register")
    }
}
