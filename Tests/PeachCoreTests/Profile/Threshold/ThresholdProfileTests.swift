import Foundation
import Testing
@testable import PeachCore

@Suite("Threshold profile")
struct ThresholdProfileTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func comparison(_ cents: Double, correct: Bool, note: Int, at seconds: Int) throws -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: start.addingTimeInterval(Double(seconds)), referenceNote: try MIDINote(note),
                              targetNote: try MIDINote(note), interval: .prime, tuningSystem: .equalTemperament,
                              centOffset: try Cents(cents), isCorrect: correct)
    }

    /// A history around 6 c at `note`, as in the fit's tests.
    func history(note: Int, from first: Int = 0) throws -> [PitchComparisonRecord] {
        try ThresholdFitTests.pattern(threshold: 6).enumerated().map { index, observation in
            try comparison(index.isMultiple(of: 2) ? observation.offset : -observation.offset,
                       correct: observation.isCorrect, note: note, at: first + index)
        }
    }

    @Test func aRegisterWithFewTrialsSaysNotEnoughData() throws {
        let records = try history(note: 60) + (0..<5).map { try comparison(20, correct: true, note: 40, at: 1000 + $0) }
        let profile = ThresholdProfile(comparisons: records, matchings: [])
        let unison = try #require(profile.disciplines[.unisonComparison])
        #expect(unison.estimate.trials == records.count)
        #expect(unison.registers.map(\.octave) == [2, 4])
        #expect(unison.registers[0].trials == 5)
        #expect(unison.registers[0].estimate == nil)
        #expect(unison.registers[1].estimate?.kind == .interval)
        #expect(profile.disciplines[.intervalComparison] == nil)
    }

    @Test("a register's trials weigh what they weigh in their discipline: recency counts all its later trials")
    func registersShareTheDisciplinesRecency() throws {
        // Two octaves in turn; one trained twice as often as the other.
        let low = try history(note: 48), high = try history(note: 72, from: 10_000)
        var records: [PitchComparisonRecord] = []
        for (index, record) in high.enumerated() {
            records.append(record)
            if index.isMultiple(of: 2), index / 2 < low.count {
                let early = low[index / 2]
                records.append(try comparison(early.centOffset.rawValue, correct: early.isCorrect, note: 48, at: 10_000 + index))
            }
        }
        let weighting = RecencyWeighting(halfLife: 20)
        let profile = ThresholdProfile(comparisons: records, matchings: [], weighting: weighting)
        let unison = try #require(profile.disciplines[.unisonComparison])
        let weights = weighting.weights(count: records.count)
        let ordered = records.sorted { $0.timestamp < $1.timestamp }
        let lowWeighted = zip(ordered, weights).filter { $0.0.referenceNote.rawValue == 48 }.map { ($0.0, $0.1) }
        let register = try #require(unison.registers.first { $0.octave == 3 })
        #expect(register.trials == lowWeighted.count)
        #expect(register.estimate == ThresholdProfile.comparisonEstimate(lowWeighted))
        #expect(register.estimate != ThresholdProfile.comparisonEstimate(lowWeighted.map(\.0), weighting),
                "not the register's own recency")
    }

    @Test func theOrderOfTheRecordsGivenDoesNotMatterOnlyTheirTimes() throws {
        let records = try history(note: 62)
        let forward = ThresholdProfile(comparisons: records, matchings: [])
        let backward = ThresholdProfile(comparisons: records.reversed(), matchings: [])
        #expect(forward == backward)
    }

    @Test func matchingGivesTheSpreadAndTheBias() throws {
        let errors = [3.0, 1, 5, -1, 2, 4]
        let records = try errors.enumerated().map { index, error in
            PitchMatchingRecord(timestamp: start.addingTimeInterval(Double(index)), referenceNote: 60, targetNote: 60,
                                interval: .prime, tuningSystem: .equalTemperament, initialCentOffset: 10,
                                userCentError: try Cents(error))
        }
        let matching = try #require(ThresholdProfile(comparisons: [], matchings: records,
                                                     weighting: RecencyWeighting(halfLife: .infinity)).disciplines[.unisonMatching])
        #expect(matching.bias == 14.0 / 6)
        #expect(matching.estimate.kind == .interval)
        #expect(matching.registers.first?.estimate == nil)
    }
}
