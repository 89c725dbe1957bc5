import Foundation
import Testing
@testable import PeachCore

@Suite("Perceptual profile")
struct PerceptualProfileTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func comparison(_ cents: Double, correct: Bool = true, interval: Interval = .prime, at seconds: TimeInterval) -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: start.addingTimeInterval(seconds), referenceNote: 60,
                              targetNote: MIDINote(integerLiteral: 60 + interval.semitones), interval: interval,
                              tuningSystem: .equalTemperament, centOffset: Cents(floatLiteral: cents), isCorrect: correct)
    }

    func matching(_ error: Double, interval: Interval = .prime, at seconds: TimeInterval) -> PitchMatchingRecord {
        PitchMatchingRecord(timestamp: start.addingTimeInterval(seconds), referenceNote: 60,
                            targetNote: MIDINote(integerLiteral: 60 + interval.semitones), interval: interval,
                            tuningSystem: .equalTemperament, initialCentOffset: 10, userCentError: Cents(floatLiteral: error))
    }

    @Test func welfordMeanAndPopulationDeviation() {
        var welford = WelfordAccumulator()
        for value in [2.0, 4, 4, 4, 5, 5, 7, 9] { welford.add(value) }
        #expect(welford.count == 8)
        #expect(welford.mean == 5)
        #expect(abs(welford.standardDeviation - 2) < 1e-12)
    }

    @Test func ewmaOfOneSessionIsItsMean() {
        var ewma = SessionEWMA()
        ewma.add(10, at: start)
        ewma.add(20, at: start.addingTimeInterval(29 * 60))
        #expect(ewma.value == 15)
    }

    @Test func ewmaHalvesTheWeightOfTheOldAverageAfterAHalfLife() {
        var ewma = SessionEWMA()
        ewma.add(10, at: start)
        ewma.add(20, at: start.addingTimeInterval(60))
        ewma.add(5, at: start.addingTimeInterval(7 * 24 * 3600))   // α = 1 − e^(−ln2) = 0.5
        #expect(abs(ewma.value! - (0.5 * 5 + 0.5 * 15)) < 1e-12)
    }

    @Test func ewmaStartsANewSessionAfterThirtyMinutes() {
        var ewma = SessionEWMA()
        ewma.add(10, at: start)
        ewma.add(30, at: start.addingTimeInterval(31 * 60))
        // Δt = 31 min: α = 1 − exp(−ln2 · 1860 / 604800).
        let alpha = 1 - exp(-log(2.0) * 1860 / 604_800)
        #expect(abs(ewma.value! - (alpha * 30 + (1 - alpha) * 10)) < 1e-12)
    }

    /// As the iOS app: a gap of exactly 30 minutes starts the next session; a moment less does not.
    @Test func ewmaSessionBoundaryIsThirtyMinutesInclusive() throws {
        var exactly = SessionEWMA()
        exactly.add(10, at: start)
        exactly.add(30, at: start.addingTimeInterval(30 * 60))
        let alpha = 1 - exp(-log(2.0) * 1800 / 604_800)
        #expect(abs(try #require(exactly.value) - (alpha * 30 + (1 - alpha) * 10)) < 1e-12)
        var within = SessionEWMA()
        within.add(10, at: start)
        within.add(30, at: start.addingTimeInterval(30 * 60 - 0.001))
        #expect(within.value == 20, "one session: its mean")
    }

    @Test func trendDecliningStableImproving() {
        // mean 3.25, sd 3.897: 10 lies above mean + sd.
        #expect(Trend.classify(latest: 10, mean: 3.25, standardDeviation: 3.897, ewma: 3.25, count: 4) == .declining)
        #expect(Trend.classify(latest: 6, mean: 5, standardDeviation: 1, ewma: 5, count: 2) == .stable)
        #expect(Trend.classify(latest: 4, mean: 5, standardDeviation: 1, ewma: 5, count: 2) == .improving)
        #expect(Trend.classify(latest: 4, mean: 4, standardDeviation: 0, ewma: 4, count: 1) == nil)
    }

    @Test func profileGivesTheThreeTrendsFromRealValues() async throws {
        let declining = PerceptualProfile(comparisons: [1, 1, 1, 10].enumerated().map { comparison($1, at: Double($0)) }, matchings: [])
        #expect(declining.statistics(for: .unisonComparison)?.trend == .declining)
        let stable = PerceptualProfile(comparisons: [comparison(4, at: 0), comparison(-6, at: 1)], matchings: [])
        #expect(stable.statistics(for: .unisonComparison)?.trend == .stable)
        let improving = PerceptualProfile(comparisons: [comparison(6, at: 0), comparison(4, at: 1)], matchings: [])
        #expect(improving.statistics(for: .unisonComparison)?.trend == .improving)
    }

    @Test func addingRecordsInOrderEqualsBuildingFromThem() throws {
        let comparisons = [comparison(5, at: 0), comparison(-9, correct: false, at: 1), comparison(3, interval: .perfectFifth, at: 2),
                           comparison(-2, at: 3600), comparison(7, at: 3600)]
        let matchings = [matching(-4, at: 10), matching(6, interval: .octave, at: 20), matching(1.5, at: 90_000)]
        let built = PerceptualProfile(comparisons: comparisons, matchings: matchings)
        let added = PerceptualProfile()
        for record in comparisons { added.add(record) }
        for record in matchings { added.add(record) }
        for discipline in TrainingDiscipline.allCases {
            let expected = try #require(built.statistics(for: discipline), "\(discipline) has data")
            #expect(added.statistics(for: discipline) == expected, "\(discipline)")
        }
        #expect(added.statistics(for: .unisonComparison)?.count == 3)   // the wrong answer does not count
    }

    @Test func onlyCorrectComparisonAnswersCount() async throws {
        let profile = PerceptualProfile()
        try await profile.pitchComparisonCompleted(comparison(8, at: 0), answeredBy: nil)
        try await profile.pitchComparisonCompleted(comparison(-40, correct: false, at: 1), answeredBy: nil)
        try await profile.pitchComparisonCompleted(comparison(-4, at: 2), answeredBy: nil)
        let statistics = try #require(profile.statistics(for: .unisonComparison))
        #expect(statistics.count == 2)
        #expect(statistics.mean == 6)
    }

    @Test func disciplinesAreKeptApart() async throws {
        let profile = PerceptualProfile()
        try await profile.pitchComparisonCompleted(comparison(8, interval: .perfectFifth, at: 0), answeredBy: nil)
        try await profile.pitchMatchingCompleted(matching(-3, at: 1), answeredBy: nil)
        try await profile.pitchMatchingCompleted(matching(5, interval: .majorThird, at: 2), answeredBy: nil)
        #expect(profile.mean(for: .unisonComparison) == nil)
        #expect(profile.mean(for: .intervalComparison) == 8)
        #expect(profile.mean(for: .unisonMatching) == 3)
        #expect(profile.mean(for: .intervalMatching) == 5)
    }

    @Test func rebuildingFromRecordsEqualsFeedingThemLiveWhateverTheirOrder() async throws {
        let comparisons: [PitchComparisonRecord] = (0..<50).map { (i: Int) in
            comparison(Double(50 - i) / 3, correct: i % 4 != 0, at: Double(i) * 700)
        }
        let matchings: [PitchMatchingRecord] = (0..<30).map { (i: Int) in
            let interval: Interval = i % 2 == 0 ? .prime : .perfectFifth
            return matching(Double(i % 7) - 3, interval: interval, at: Double(i) * 5000)
        }
        let live = PerceptualProfile()
        for record in comparisons { try await live.pitchComparisonCompleted(record, answeredBy: nil) }
        for record in matchings { try await live.pitchMatchingCompleted(record, answeredBy: nil) }
        let rebuilt = PerceptualProfile(comparisons: comparisons.reversed(), matchings: matchings.shuffled())
        for discipline in TrainingDiscipline.allCases {
            #expect(live.statistics(for: discipline) == rebuilt.statistics(for: discipline), "\(discipline)")
        }
    }

    @Test func resetReturnsToColdStart() async throws {
        let profile = PerceptualProfile(comparisons: [comparison(5, at: 0)], matchings: [])
        try await profile.resetAllTrainingData()
        #expect(profile.statistics(for: .unisonComparison) == nil)
    }

    @Test func expertBaselines() {
        #expect(TrainingDiscipline.allCases.map(\.expertBaseline) == [8, 12, 5, 8])
    }
}
