import Foundation
import Testing
@testable import PeachCore

@Suite("Rhythm profile")
struct RhythmProfileTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("statistics per tempo and side in percent of a sixteenth; detection counts correct answers only")
    func perTempoAndSide() throws {
        let slow = try TempoBPM(60), fast = try TempoBPM(120)
        let detections = [
            RhythmOffsetDetectionRecord(timestamp: Self.start, tempo: slow, offset: try RhythmOffset(milliseconds: -10), isCorrect: true),
            RhythmOffsetDetectionRecord(timestamp: Self.start.addingTimeInterval(1), tempo: slow, offset: try RhythmOffset(milliseconds: -20), isCorrect: false),
            RhythmOffsetDetectionRecord(timestamp: Self.start.addingTimeInterval(2), tempo: slow, offset: try RhythmOffset(milliseconds: 25), isCorrect: true),
        ]
        let matchings = [
            RhythmMatchingRecord(timestamp: Self.start, tempo: fast, userOffset: try RhythmOffset(milliseconds: -5)),
            RhythmMatchingRecord(timestamp: Self.start.addingTimeInterval(1), tempo: fast, userOffset: try RhythmOffset(milliseconds: -10)),
        ]
        let profile = PerceptualProfile(comparisons: [], matchings: [], rhythmDetections: detections, rhythmMatchings: matchings)
        let earlySlow = try #require(profile.statistics(for: RhythmProfileKey(discipline: .offsetDetection, tempo: slow, direction: .early)))
        #expect(earlySlow.count == 1, "the wrong answer does not count")
        #expect(earlySlow.mean == 4, "10 ms of a 250 ms sixteenth")
        #expect(profile.statistics(for: RhythmProfileKey(discipline: .offsetDetection, tempo: slow, direction: .late))?.mean == 10)
        let fastEarly = try #require(profile.statistics(for: RhythmProfileKey(discipline: .matching, tempo: fast, direction: .early)))
        #expect(fastEarly.count == 2)
        #expect(fastEarly.mean == 6, "4 % and 8 % of 125 ms")
        #expect(profile.rhythmKeys.map(\.discipline) == [.offsetDetection, .offsetDetection, .matching])
        #expect(profile.statistics(for: .unisonComparison) == nil, "pitch stays apart")
    }

    @Test("completed trials feed the same statistics as stored records, and reset clears rhythm too")
    func observerPathMatchesRebuild() async throws {
        let tempo = try TempoBPM(90)
        let record = RhythmMatchingRecord(timestamp: Self.start, tempo: tempo, userOffset: try RhythmOffset(milliseconds: 3))
        let live = PerceptualProfile()
        try await live.rhythmMatchingCompleted(record, answeredBy: nil)
        let rebuilt = PerceptualProfile(comparisons: [], matchings: [], rhythmDetections: [], rhythmMatchings: [record])
        #expect(live.statistics(for: record.profileKey) == rebuilt.statistics(for: record.profileKey))
        #expect(live.mean(for: record.profileKey) != nil)
        try await live.resetAllTrainingData()
        #expect(live.rhythmKeys.isEmpty)
    }
}
