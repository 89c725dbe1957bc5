import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("--focus weak in pitch matching: the interval by its spread, the note by its register")
struct WeakMatchingFocusTests {
    static let fifth = DirectedInterval.perfectFifthUp
    static let third = DirectedInterval(.majorThird, .down)
    static let sixth = DirectedInterval(.minorSixth, .up)

    static func spread(_ cents: Double, _ lower: Double, _ upper: Double) -> ThresholdEstimate {
        ThresholdEstimate(kind: .interval, cents: cents, lower: lower, upper: upper, trials: 100, effectiveTrials: 100)
    }

    static func matching(_ intervals: [DirectedInterval], focus: WeakFocus?) -> PitchMatching {
        PitchMatching(intervals: intervals.sorted(), player: RecordingNotePlayer(clock: ManualClock()), observers: [],
                      now: Date.init, focus: focus)
    }

    @Test func intervalsAreDrawnByTheUpperEndOfTheirSpreadAndTheUnknownAsTheWidest() {
        let focus = WeakFocus(intervals: [Self.fifth: Self.spread(3, 2, 4), Self.third: Self.spread(9, 7, 12)])
        // The sixth has no estimate: it weighs what the widest (12) does.
        #expect(focus.matchingWeights(among: [Self.fifth, Self.third, Self.sixth]) == [4, 12, 12])
        #expect(WeakFocus().matchingWeights(among: [Self.fifth, Self.third]) == [1, 1])
        #expect(focus.matchingReason(for: Self.third, among: [Self.fifth, Self.third]) == "your widest")
        #expect(focus.matchingReason(for: Self.fifth, among: [Self.fifth, Self.third]) == "25 % of trials")
        #expect(focus.matchingReason(for: Self.sixth, among: [Self.fifth, Self.sixth]) == "little data yet")
        #expect(focus.matchingReason(for: .prime, among: [.prime]) == "by register")
    }

    @Test func aFocusedSessionDrawsTheWideIntervalAndSaysWhy() throws {
        let focus = WeakFocus(intervals: [Self.fifth: Self.spread(3, 2, 4), Self.third: Self.spread(9, 7, 12)])
        let discipline = Self.matching([Self.fifth, Self.third], focus: focus)
        var run = discipline.newRun()
        var random = SessionRandom(SplitMix64(seed: 3))
        var thirds = 0
        for number in 1...4000 {
            let trial = try discipline.draw(number: number, settings: TrainingSettings(), run: &run, random: &random)
            if trial.interval == Self.third {
                thirds += 1
                #expect(trial.focus == "your widest")
            }
        }
        // 12 / (4 + 12) = 75 %; 4000 draws put 3 SD at ±2 %.
        #expect(abs(Double(thirds) / 4000 - 0.75) < 0.03, "\(thirds) of 4000")
    }

    @Test func withoutAFocusTheDrawIsTodays() throws {
        let plain = Self.matching([Self.fifth, Self.third], focus: nil)
        var run = plain.newRun()
        var random = SessionRandom(SplitMix64(seed: 5))
        var reference = SessionRandom(SplitMix64(seed: 5))
        for number in 1...200 {
            let trial = try plain.draw(number: number, settings: TrainingSettings(), run: &run, random: &random)
            // The iOS app's draw, from the same generator: interval, note, offset, loudness.
            let pitches = try TrialPitches(intervals: [Self.fifth, Self.third].sorted(), settings: TrainingSettings(),
                                           random: &reference)
            let span = PitchMatching.initialOffsetSpan.rawValue
            let offset = Double.random(in: -span...span, using: &reference)
            _ = TrainingSettings().loudnessOffset(random: &reference)
            #expect(trial.interval == pitches.interval && trial.referenceNote == pitches.referenceNote)
            #expect(trial.initialCentOffset.rawValue == offset && trial.focus == nil)
        }
    }
}
