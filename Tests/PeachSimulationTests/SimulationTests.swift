import Foundation
import Testing
import PeachCore
import PeachSimulation

@Suite("Simulated listeners through the real sessions")
struct SimulationTests {
    @Test func aComparisonRunIsSeededAndDeterministic() async throws {
        let listener = try ComparisonListener(threshold: 5)
        let first = try await ComparisonSimulation.run(listener, trials: 40, seed: 7)
        let again = try await ComparisonSimulation.run(listener, trials: 40, seed: 7)
        let other = try await ComparisonSimulation.run(listener, trials: 40, seed: 8)
        #expect(first.count == 40)
        #expect(first == again)
        #expect(first != other)
    }

    @Test func theSessionRecordsTheListenersAnswersAndFollowsKazez() async throws {
        // A listener that hears everything the staircase can play and never lapses.
        let perfect = try ComparisonListener(threshold: 0.001, lapseRate: 0)
        let records = try await ComparisonSimulation.run(perfect, trials: 30, seed: 3)
        #expect(records.allSatisfy { $0.isCorrect })
        #expect(records.first?.centOffset.magnitude == 100)
        #expect(records.map(\.centOffset.magnitude.rawValue) == records.map(\.centOffset.magnitude.rawValue).sorted(by: >))
    }

    @Test func aMatchingRunIsSeededAndTheErrorsAreTheListeners() async throws {
        let exact = try MatchingListener(motorNoise: 0, bias: 1.5)
        let records = try await MatchingSimulation.run(exact, trials: 20, seed: 11)
        #expect(records.count == 20)
        // The control reaches ±20 c around the note's random start: the aim, cut off where it is out of reach.
        #expect(records.allSatisfy { record in
            let initial = record.initialCentOffset.rawValue
            return abs(record.userCentError.rawValue - min(max(1.5, initial - 20), initial + 20)) < 1e-6
        })
        #expect(records.contains { abs($0.userCentError.rawValue - 1.5) < 1e-6 })
        let noisy = try MatchingListener(motorNoise: 4)
        let first = try await MatchingSimulation.run(noisy, trials: 20, seed: 11)
        #expect(try await MatchingSimulation.run(noisy, trials: 20, seed: 11) == first)
    }

    @Test func aListenerWhoNeverMovesLeavesTheInitialOffset() async throws {
        let idle = try MatchingListener(motorNoise: 3, lapseRate: 1)
        let records = try await MatchingSimulation.run(idle, trials: 10, seed: 5)
        #expect(records.allSatisfy { abs($0.userCentError.rawValue - $0.initialCentOffset.rawValue) < 1e-6 })
    }

    @Test func theFitFindsASimulatedListenersThreshold() async throws {
        let listener = try ComparisonListener(threshold: 5)
        let records = try await ComparisonSimulation.run(listener, trials: 200, seed: 42)
        let estimate = try #require(ThresholdProfile(comparisons: records, matchings: []).disciplines[.unisonComparison]?.estimate)
        #expect(estimate.kind == .interval)
        #expect(estimate.covers(5))
        #expect(abs(try #require(estimate.cents) / 5 - 1) < 0.3)
    }

    @Test func invalidListenersAreRefused() {
        #expect(throws: DomainValueError.self) { try ComparisonListener(threshold: -1) }
        #expect(throws: DomainValueError.self) { try ComparisonListener(threshold: 2, higherBias: 1.5) }
        #expect(throws: DomainValueError.self) { try MatchingListener(motorNoise: -1) }
    }

    @Test func aHistoryMovesInTwentyFiveStepsAndItsHalvesDifferByTheTrueChange() async throws {
        let thresholds = ComparisonSimulation.historyThresholds(from: 8, to: 4, trials: 2400)
        #expect(thresholds.count == 2400 && thresholds.first == 8 && thresholds.last == 4)
        #expect(Set(thresholds).count == 25 && thresholds == thresholds.sorted(by: >))
        // Every trial of a window counts alike: 7.04 c in the first 30 days, 4.96 c in the last.
        let before = thresholds[..<1200].reduce(0, +) / 1200, after = thresholds[1200...].reduce(0, +) / 1200
        #expect(abs(before - 7.04) < 1e-9 && abs(after - 4.96) < 1e-9)
        // The history answers as those listeners do, trial by trial, spread evenly over the days.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let records = try await ComparisonSimulation.history(from: 8, to: 4, trials: 50, days: 10, seed: 2, now: now)
        #expect(records.count == 50 && records.last!.timestamp < now)
        #expect(abs(records.first!.timestamp.timeIntervalSince(now) + 10 * 86_400 - 0.5 * 10 * 86_400 / 50) < 1e-3)
        #expect(try await ComparisonSimulation.history(from: 8, to: 4, trials: 50, days: 10, seed: 2, now: now) == records)
    }

    @Test func aHistoryInSessionsStartsEachFromTheProfilesMeanOfTheTrialsBefore() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let records = try await ComparisonSimulation.history(from: 6, to: 6, trials: 60, days: 3, sessionTrials: 20,
                                                             seed: 3, now: now)
        #expect(records.count == 60 && records == records.sorted { $0.timestamp < $1.timestamp })
        // The first session starts cold, at 100 c; each later one at the mean |offset| of the correct answers before it.
        #expect(records[0].centOffset.magnitude.rawValue == 100)
        for first in [20, 40] {
            let correct = records[..<first].filter(\.isCorrect).map { abs($0.centOffset.rawValue) }
            let mean = correct.reduce(0, +) / Double(correct.count)
            #expect(abs(records[first].centOffset.magnitude.rawValue - mean) < 1e-6, "session at \(first)")
            #expect(abs(records[first - 1].centOffset.magnitude.rawValue - mean) > 1e-6)
        }
    }
}
