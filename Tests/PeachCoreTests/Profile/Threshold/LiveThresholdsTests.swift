import Foundation
import Testing
@testable import PeachCore

@Suite("Live threshold estimates while training")
struct LiveThresholdsTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func comparisons(_ count: Int, from first: Int = 0, interval: Interval = .prime) throws -> [PitchComparisonRecord] {
        try ThresholdFitTests.pattern(threshold: 6).prefix(count).enumerated().map { index, observation in
            PitchComparisonRecord(timestamp: start.addingTimeInterval(Double(first + index)), referenceNote: 60,
                                  targetNote: try MIDINote(60 + interval.semitones), interval: interval,
                                  tuningSystem: .equalTemperament,
                                  centOffset: try Cents(index.isMultiple(of: 2) ? observation.offset : -observation.offset),
                                  isCorrect: observation.isCorrect)
        }
    }

    @Test func builtFromStoredRecordsItGivesWhatTheProfileGives() throws {
        let records = try comparisons(64)
        let live = LiveThresholds(comparisons: records.reversed(), matchings: [])
        let profile = ThresholdProfile(comparisons: records, matchings: [])
        #expect(live.estimate(for: .unisonComparison) == profile.disciplines[.unisonComparison]?.estimate)
        #expect(live.estimate(for: .intervalComparison) == nil)
        #expect(live.estimate(for: .unisonMatching) == nil)
    }

    @Test func eachCompletedTrialMovesTheEstimateAsAStoredOneWould() async throws {
        let records = try comparisons(64)
        let live = LiveThresholds(comparisons: records.prefix(40), matchings: [])
        for record in records.dropFirst(40) { try await live.pitchComparisonCompleted(record, answeredBy: nil) }
        let rebuilt = LiveThresholds(comparisons: records, matchings: [])
        #expect(live.estimate(for: .unisonComparison) == rebuilt.estimate(for: .unisonComparison))
        #expect(live.estimate(for: .unisonComparison)?.trials == 64)
    }

    @Test func onlyTheLatestTenHalfLivesCount() async throws {
        // Half-life 2 trials: the window is the latest 20.
        let weighting = RecencyWeighting(halfLife: 2)
        #expect(LiveThresholds.window(for: weighting) == 20)
        let records = try comparisons(64)
        let live = LiveThresholds(comparisons: [], matchings: [], weighting: weighting)
        for record in records { try await live.pitchComparisonCompleted(record, answeredBy: nil) }
        let latest = ThresholdProfile(comparisons: Array(records.suffix(20)), matchings: [], weighting: weighting)
        #expect(live.estimate(for: .unisonComparison) == latest.disciplines[.unisonComparison]?.estimate)
        #expect(live.estimate(for: .unisonComparison)?.trials == 20)
    }

    @Test func matchingGivesTheSpreadAndAResetForgetsEverything() async throws {
        let errors = [3.0, 1, 5, -1, 2, 4]
        let records = try errors.enumerated().map { index, error in
            PitchMatchingRecord(timestamp: start.addingTimeInterval(Double(index)), referenceNote: 60, targetNote: 60,
                                interval: .prime, tuningSystem: .equalTemperament, initialCentOffset: 10,
                                userCentError: try Cents(error))
        }
        let live = LiveThresholds(comparisons: try comparisons(10), matchings: records)
        let spread = try #require(live.estimate(for: .unisonMatching))
        #expect(spread == ThresholdProfile(comparisons: [], matchings: records).disciplines[.unisonMatching]?.estimate)
        try await live.resetAllTrainingData()
        #expect(live.estimate(for: .unisonMatching) == nil)
        #expect(live.estimate(for: .unisonComparison) == nil)
    }
}
