import Foundation
import PeachCore
import PeachTestSupport
import Testing

@Suite("Record timestamps: millisecond precision and ISO 8601 text", .timeLimit(.minutes(Patience.minutes(1))))
struct RecordTimestampTests {
    @Test("timestamps are written in UTC with three fractional digits")
    func writesTimestamps() {
        #expect(RecordTimestamp.text(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(RecordTimestamp.text(milliseconds: 1_772_357_405_123) == "2026-03-01T09:30:05.123Z")
        #expect(RecordTimestamp.text(milliseconds: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(RecordTimestamp.text(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(RecordTimestamp.text(of: RecordTimestamp.date(milliseconds: 1_772_357_405_999)) == "2026-03-01T09:30:05.999Z")
    }

    @Test("in whole seconds the fraction is dropped, rounding down")
    func writesWholeSeconds() {
        #expect(RecordTimestamp.text(milliseconds: 1_772_357_405_999, precision: .seconds) == "2026-03-01T09:30:05Z")
        #expect(RecordTimestamp.text(milliseconds: 1_772_357_405_000, precision: .seconds) == "2026-03-01T09:30:05Z")
        #expect(RecordTimestamp.text(milliseconds: -1, precision: .seconds) == "1969-12-31T23:59:59Z")
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05Z") == .success(1_772_357_405_000))
    }

    @Test("timestamps are read with or without fractions, in UTC or with an offset")
    func readsTimestamps() {
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05.123Z") == .success(1_772_357_405_123))
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05Z") == .success(1_772_357_405_000))
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05.1Z") == .success(1_772_357_405_100))
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05.123999Z") == .success(1_772_357_405_123))
        #expect(RecordTimestamp.parse("2026-03-01T10:30:05.123+01:00") == .success(1_772_357_405_123))
        #expect(RecordTimestamp.parse("2026-03-01T04:00:05.123-0530") == .success(1_772_357_405_123))
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05") == .failure(.missingTimeZone))
        #expect(RecordTimestamp.parse("2026-02-29T09:30:05Z") == .failure(.impossibleDate))
        #expect(RecordTimestamp.parse("2026-03-01T24:00:00Z") == .failure(.impossibleDate))
        #expect(RecordTimestamp.parse("2026-3-01T09:30:05Z") == .failure(.malformed))
        #expect(RecordTimestamp.parse("2026-03-01T09:30:05.Z") == .failure(.malformed))
        #expect(RecordTimestamp.parse("") == .failure(.malformed))
        #expect(TimestampError.missingTimeZone.reason.contains("no time zone"))
    }

    @Test("every millisecond over four centuries survives text → parse")
    func timestampRoundTrip() {
        var random = SessionRandom(SplitMix64(seed: 0x7157_A3C0))
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...12_000_000_000_000, using: &random)
            #expect(RecordTimestamp.parse(RecordTimestamp.text(milliseconds: milliseconds)) == .success(milliseconds))
        }
    }

    @Test("millisecond precision is idempotent through Date")
    func recordTimestampPrecision() {
        for milliseconds: Int64 in [0, 1, 999, 1_772_357_405_123, 1_772_357_405_999, -1] {
            let date = RecordTimestamp.date(milliseconds: milliseconds)
            #expect(RecordTimestamp.milliseconds(of: date) == milliseconds)
            #expect(RecordTimestamp.truncated(date) == date)
        }
        let fine = Date(timeIntervalSince1970: 1_772_357_405.123_9)
        #expect(RecordTimestamp.milliseconds(of: fine) == 1_772_357_405_123)
        #expect(RecordTimestamp.text(of: fine) == "2026-03-01T09:30:05.123Z")
    }
}
