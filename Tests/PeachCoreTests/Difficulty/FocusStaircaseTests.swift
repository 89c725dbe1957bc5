import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("--focus weak: each interval's staircase settles at its threshold")
struct FocusStaircaseTests {
    @Test func aCorrectAnswerStepsDownAndAWrongOneThreeTimesAsFarUp() {
        let settled = FocusStaircase(start: Cents(unchecked: 10), searching: false)
        let down = settled.next(wasCorrect: true, minimum: 0.1), up = settled.next(wasCorrect: false, minimum: 0.1)
        #expect(abs(log(10 / down.magnitude.rawValue) - 0.08) < 1e-9)
        #expect(abs(log(up.magnitude.rawValue / 10) - 0.24) < 1e-9)
        #expect(!down.isSearching && !up.isSearching)
    }

    @Test func aSearchTakesThirtyPercentOffUntilTheFirstWrongAnswer() {
        var staircase = FocusStaircase(start: Cents(unchecked: 100), searching: true)
        staircase = staircase.next(wasCorrect: true, minimum: 0.1)
        #expect(abs(staircase.magnitude.rawValue - 70) < 1e-9 && staircase.isSearching)
        staircase = staircase.next(wasCorrect: false, minimum: 0.1)
        #expect(abs(staircase.magnitude.rawValue - 70 * exp(0.24)) < 1e-9 && !staircase.isSearching)
    }

    @Test func itStaysWithinTheSynthsFloorAndAHundredCents() {
        let low = FocusStaircase(start: Cents(unchecked: 1), searching: true).next(wasCorrect: true, minimum: 1)
        #expect(low.magnitude.rawValue == 1)
        let high = FocusStaircase(start: Cents(unchecked: 95), searching: false).next(wasCorrect: false, minimum: 0.1)
        #expect(high.magnitude.rawValue == 100)
    }

    /// The Kazez rule settles near 64 % correct, a third below the threshold; this one where
    /// three answers in four are right, within a few steps of the threshold itself.
    @Test func aSimulatedListenerIsAskedAtItsThreshold() throws {
        let function = try PsychometricFunction(threshold: 6, slope: 2, lapseRate: 0.02)
        var random = SplitMix64(seed: 7)
        var staircase = FocusStaircase(start: Cents(unchecked: 100), searching: true)
        var asked: [Double] = [], correct = 0
        for trial in 0..<3000 {
            let right = Double.random(in: 0..<1, using: &random) < function.probabilityCorrect(at: staircase.magnitude.rawValue)
            if trial >= 500 {
                asked.append(log(staircase.magnitude.rawValue))
                if right { correct += 1 }
            }
            staircase = staircase.next(wasCorrect: right, minimum: 0.1)
        }
        let level = exp(asked.reduce(0, +) / Double(asked.count))
        #expect(abs(level / 6 - 1) < 0.15, "settled at \(level) c")
        #expect(abs(Double(correct) / 2500 - 0.75) < 0.03, "\(correct) of 2500 correct")
    }
}
