import PeachCore
import Testing

@Suite("Weak spots: ranked by their estimate, named in words")
struct WeakSpotTests {
    static func spot(_ interval: DirectedInterval, _ system: String, cents: Double) -> WeakSpot {
        WeakSpot(discipline: .intervalComparison, item: .interval(interval, tuningSystem: system),
                 estimate: ThresholdEstimate(kind: .interval, cents: cents, lower: cents * 0.8, upper: cents * 1.2,
                                             trials: 100, effectiveTrials: 100))
    }

    @Test func theWeakestComesFirst() throws {
        let spots = [Self.spot(.init(.perfectFifth, .up), "equalTemperament", cents: 3),
                     Self.spot(.init(.majorThird, .down), "equalTemperament", cents: 9)]
        #expect(WeakSpot.ranked(spots).map(\.words) == ["major third down", "fifth up"])
    }

    @Test("the tuning is named only where asked, in words, equal temperament included")
    func tuningInWords() {
        let just = Self.spot(.init(.octave, .down), "justIntonation", cents: 30)
        let equal = Self.spot(.init(.octave, .down), "equalTemperament", cents: 17)
        #expect(just.words(namingTuning: false) == "octave down")
        #expect(just.words(namingTuning: true) == "octave down (just intonation)")
        #expect(equal.words(namingTuning: true) == "octave down (equal temperament)")
        let register = WeakSpot(discipline: .unisonComparison, item: .register(octave: 4), estimate: just.estimate)
        #expect(register.words(namingTuning: true) == "octave 4")
    }
}
