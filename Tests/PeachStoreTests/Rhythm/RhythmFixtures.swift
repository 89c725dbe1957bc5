import Foundation
import PeachCore
import PeachTestSupport

/// Deterministic rhythm records at millisecond precision.
enum RhythmFixtures {
    static func detection(at milliseconds: Int64, tempo: Int = 80, offset: Double, correct: Bool) -> RhythmOffsetDetectionRecord {
        RhythmOffsetDetectionRecord(timestamp: RecordFixtures.date(milliseconds), tempo: try! TempoBPM(tempo),
                                    offset: try! RhythmOffset(milliseconds: offset), isCorrect: correct)
    }

    static func matching(at milliseconds: Int64, tempo: Int = 80, offset: Double) -> RhythmMatchingRecord {
        RhythmMatchingRecord(timestamp: RecordFixtures.date(milliseconds), tempo: try! TempoBPM(tempo),
                             userOffset: try! RhythmOffset(milliseconds: offset))
    }

    /// Both kinds, several tempos, both sides, awkward numbers; whole seconds, as an export keeps them.
    static func history() -> (detections: [RhythmOffsetDetectionRecord], matchings: [RhythmMatchingRecord]) {
        let start = RecordFixtures.march1
        let detections = [
            detection(at: start, tempo: 60, offset: -50, correct: true),
            detection(at: start + 1000, tempo: 60, offset: 37.5, correct: false),
            detection(at: start + 2000, tempo: 120, offset: -0.1 - 0.2, correct: true),
            detection(at: start + 3000, tempo: 240, offset: 6.25, correct: true),
        ]
        let matchings = [
            matching(at: start + 4000, tempo: 80, offset: -7.5),
            matching(at: start + 5000, tempo: 80, offset: 0),
            matching(at: start + 6000, tempo: 97, offset: 2.0 / 3.0),
        ]
        return (detections, matchings)
    }
}
