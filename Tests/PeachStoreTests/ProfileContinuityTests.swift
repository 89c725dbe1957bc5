import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Profile continuity: the profile rebuilt from the store equals the one built live", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileContinuityTests {
    @Test("the same trials through both observers give the same statistics in every discipline")
    func rebuiltEqualsLive() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let live = PerceptualProfile()
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        // Interleave the two kinds in time order, as sessions would report them.
        var events: [(Date, Bool, Int)] = history.comparisons.enumerated().map { ($1.timestamp, true, $0) }
            + history.matchings.enumerated().map { ($1.timestamp, false, $0) }
        events.sort { ($0.0, $0.1 ? 0 : 1) < ($1.0, $1.1 ? 0 : 1) }
        for (_, isComparison, index) in events {
            if isComparison {
                let record = history.comparisons[index]
                try await store.save(record)
                try await live.pitchComparisonCompleted(record, answeredBy: nil)
            } else {
                let record = history.matchings[index]
                try await store.save(record)
                try await live.pitchMatchingCompleted(record, answeredBy: nil)
            }
        }

        let rebuilt = try TrainingStore(location: directory.location).loadProfile()
        for discipline in TrainingDiscipline.allCases {
            let expected = try #require(live.statistics(for: discipline), "\(discipline) has data")
            #expect(rebuilt.statistics(for: discipline) == expected, "\(discipline)")
            #expect(rebuilt.mean(for: discipline) == live.mean(for: discipline))
        }
    }

    @Test("intervals in a tuning beyond the iOS two: rebuilt under their tuning, as the live profile keeps them")
    func rebuiltKeepsTuningsApart() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let live = PerceptualProfile()
        let records = ProfileTallyCacheTests.records(days: [30, 20, 10, 2])
        // Saved in time order, comparisons first on a tie, as the sessions report them.
        let events = (records.comparisons.map { ($0.timestamp, 0, Optional($0), PitchMatchingRecord?.none) }
                      + records.matchings.map { ($0.timestamp, 1, PitchComparisonRecord?.none, Optional($0)) })
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        for (_, _, comparison, matching) in events {
            if let comparison {
                try await store.save(comparison)
                try await live.pitchComparisonCompleted(comparison, answeredBy: nil)
            } else if let matching {
                try await store.save(matching)
                try await live.pitchMatchingCompleted(matching, answeredBy: nil)
            }
        }
        let rebuilt = try TrainingStore(location: directory.location).loadProfile()
        let meantone = ProfileTallyCacheTests.meantone
        for discipline in [TrainingDiscipline.intervalComparison, .intervalMatching] {
            let apart = try #require(live.statistics(for: discipline, in: meantone), "\(discipline) in meantone has data")
            #expect(apart != live.statistics(for: discipline), "kept apart")
            #expect(rebuilt.statistics(for: discipline, in: meantone) == apart, "\(discipline) in meantone")
        }
        for discipline in TrainingDiscipline.allCases {
            #expect(rebuilt.statistics(for: discipline) == live.statistics(for: discipline), "\(discipline)")
        }
    }

    @Test("the live threshold estimates read from the store's latest trials equal those from every record")
    func liveThresholdsFromTheStore() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        let parsed = ParsedImport(comparisons: history.comparisons.enumerated().map { ($0, $1) },
                                  matchings: history.matchings.enumerated().map { ($0, $1) })
        _ = try store.importRecords(parsed, mode: .replace)
        // The whole history, and a window (10 half-lives = 20 trials) smaller than each discipline's share.
        for weighting in [RecencyWeighting.standard, RecencyWeighting(halfLife: 2)] {
            let loaded = try store.loadLiveThresholds(weighting: weighting)
            let expected = LiveThresholds(comparisons: history.comparisons, matchings: history.matchings, weighting: weighting)
            for discipline in TrainingDiscipline.allCases {
                let estimate = try #require(loaded.estimate(for: discipline), "\(discipline) has data")
                #expect(estimate == expected.estimate(for: discipline), "\(discipline), half-life \(weighting.halfLife)")
            }
        }
        #expect(try store.loadLiveThresholds(weighting: RecencyWeighting(halfLife: 2)).estimate(for: .intervalComparison)?.trials == 20)
    }

    @Test("the profile streamed from the store equals the one built from every record, collected and sorted")
    func streamedEqualsCollected() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        var history = RecordFixtures.history()
        // Ties within one discipline, stored out of time order: the stored order must decide
        // the latest value, as the stable sort of the collecting build does.
        let late = RecordFixtures.march1 + 20 * 86_400_000
        history.comparisons += [7.5, -3.25, 11].map { RecordFixtures.comparison(at: late, offset: $0, correct: true) }
        history.comparisons.insert(RecordFixtures.comparison(at: late - 60_000, offset: 2, correct: true), at: 0)
        history.matchings += [4.5, -0.75].map { RecordFixtures.matching(at: late, initial: 9, error: $0) }
        let parsed = ParsedImport(comparisons: history.comparisons.enumerated().map { ($0, $1) },
                                  matchings: history.matchings.enumerated().map { ($0, $1) })
        _ = try store.importRecords(parsed, mode: .replace)

        let streamed = try store.loadProfile()
        // The records as imported, out of time order: the collecting build sorts them itself.
        let collected = PerceptualProfile(comparisons: history.comparisons, matchings: history.matchings)
        for discipline in TrainingDiscipline.allCases {
            let expected = try #require(collected.statistics(for: discipline), "\(discipline) has data")
            #expect(streamed.statistics(for: discipline) == expected, "\(discipline)")
        }
        #expect(streamed.statistics(for: .unisonComparison)?.latest == 11)
        #expect(streamed.statistics(for: .unisonMatching)?.latest == 0.75)
    }

    @Test("a new run starts from the stored profile's mean; an empty store is a cold start")
    func newRunContinues() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        #expect(try TrainingStore(location: directory.location).loadProfile().mean(for: .unisonComparison) == nil)
        do {
            let store = try TrainingStore(location: directory.location)
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 30, correct: true))
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 1000, offset: -10, correct: true))
            try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 2000, offset: 4, correct: false))
        }
        let profile = try TrainingStore(location: directory.location).loadProfile()
        #expect(profile.mean(for: .unisonComparison) == 20)   // |30| and |−10|; the wrong answer does not count
        #expect(KazezStrategy().initialMagnitude(profileMean: profile.mean(for: .unisonComparison)) == Cents(20))
    }
}
