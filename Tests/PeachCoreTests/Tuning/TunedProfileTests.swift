import Foundation
import Testing
@testable import PeachCore

@Suite("Profile per tuning")
struct TunedProfileTests {
    static func third(_ tuning: TuningIdentifier, cents: Double, at seconds: Double) -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: Date(timeIntervalSince1970: seconds), referenceNote: 60, targetNote: 64,
                              interval: .majorThird, tuningSystem: tuning, centOffset: Cents(floatLiteral: cents), isCorrect: true)
    }

    static func unison(_ tuning: TuningIdentifier, cents: Double, at seconds: Double) -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: Date(timeIntervalSince1970: seconds), referenceNote: 60, targetNote: 60,
                              interval: .prime, tuningSystem: tuning, centOffset: Cents(floatLiteral: cents), isCorrect: true)
    }

    @Test("interval trials in a temperament keep statistics of their own; unisons and the iOS tunings stay pooled")
    func keptApart() async throws {
        let meantone = try TuningIdentifier(rawValue: "meantone-1/4")
        let records = [Self.third(.equalTemperament, cents: 10, at: 1), Self.third(.justIntonation, cents: 20, at: 2),
                       Self.third(meantone, cents: 40, at: 3), Self.unison(meantone, cents: 6, at: 4)]
        let rebuilt = PerceptualProfile(comparisons: records, matchings: [])
        let live = PerceptualProfile()
        for record in records { try await live.pitchComparisonCompleted(record, answeredBy: nil) }
        for profile in [rebuilt, live] {
            #expect(profile.statistics(for: .intervalComparison)?.count == 2)
            #expect(profile.mean(for: .intervalComparison) == 15)
            #expect(profile.statistics(for: .intervalComparison, in: meantone)?.count == 1)
            #expect(profile.mean(for: .intervalComparison, in: meantone) == 40)
            #expect(profile.mean(for: .unisonComparison) == 6)
        }
        // No trials in a tuning yet: a session there starts from the discipline's mean.
        #expect(rebuilt.mean(for: .intervalComparison, in: try TuningIdentifier(rawValue: "vallotti")) == 15)
        #expect(rebuilt.mean(for: .intervalComparison, in: .justIntonation) == 15)
    }
}

@Suite("Live thresholds per tuning")
struct TunedThresholdTests {
    static func thirds(_ tuning: TuningIdentifier) -> [PitchComparisonRecord] {
        (0..<60).map { (index: Int) -> PitchComparisonRecord in
            let time = Date(timeIntervalSince1970: Double(index))
            let offset = Cents(floatLiteral: Double(5 + index % 30))
            return PitchComparisonRecord(timestamp: time, referenceNote: 60, targetNote: 64, interval: .majorThird,
                                         tuningSystem: tuning, centOffset: offset, isCorrect: index % 3 != 0)
        }
    }

    @Test("a temperament's interval trials give an estimate of their own, not the discipline's")
    func keptApart() throws {
        let meantone = try TuningIdentifier(rawValue: "meantone-1/4")
        let tempered = LiveThresholds(comparisons: Self.thirds(meantone))
        let equal = LiveThresholds(comparisons: Self.thirds(.equalTemperament))
        let estimate = try #require(equal.estimate(for: .intervalComparison))
        #expect(tempered.estimate(for: .intervalComparison) == nil)
        #expect(tempered.estimate(for: .intervalComparison, in: meantone) == estimate)
        #expect(equal.estimate(for: .intervalComparison, in: .justIntonation) == estimate)
    }
}
