import Foundation
import Testing
@testable import PeachCore

@Suite("Tap latency from a tap-along")
struct TapLatencyEstimatorTests {
    private static let measured = Date(timeIntervalSince1970: 1_750_000_000)
    /// 24 clicks at 80 BPM (750 ms apart), from 1 s on the clock.
    private static let clicks = (0..<24).map { RhythmInstant(nanoseconds: 1_000_000_000 + Int64($0) * 750_000_000) }

    private static func taps(_ offsets: [Int: Double]) -> [RhythmInstant] {
        offsets.map { index, milliseconds in clicks[index].advanced(by: .nanoseconds(Int64(milliseconds * 1_000_000))) }
    }

    /// Every click from `from` on answered `base` ms late, with `jitter` (cycled) added.
    private static func steady(_ base: Double, jitter: [Double] = [0], from: Int = 0) -> [Int: Double] {
        Dictionary(uniqueKeysWithValues: (from..<clicks.count).map { ($0, base + jitter[$0 % jitter.count]) })
    }

    private func estimate(_ taps: [RhythmInstant], settling: Int = 4) throws(TapCalibrationError) -> TapCalibration {
        try TapLatencyEstimator(settlingClicks: settling).estimate(clicks: Self.clicks, taps: taps, measuredAt: Self.measured)
    }

    @Test("a constant delay is recovered exactly; the settling clicks do not count; the spread of steady taps is zero")
    func constantDelay() throws {
        let calibration = try estimate(Self.taps(Self.steady(23)))
        #expect(calibration.latency.milliseconds == 23)
        #expect(calibration.spreadMilliseconds == 0)
        #expect(calibration.tapsUsed == 20)
        #expect(calibration.measuredAt == Self.measured)
        #expect(calibration.summary == "tap latency 23.0 ms (spread 0.0 ms, 20 taps)")
    }

    @Test("median and scaled MAD: symmetric jitter leaves the median, the spread is 1.4826 × the median deviation")
    func jitter() throws {
        let calibration = try estimate(Self.taps(Self.steady(40, jitter: [-2, 2])))
        #expect(calibration.latency.milliseconds == 40)
        #expect(abs(calibration.spreadMilliseconds - 2 * 1.4826) < 0.001)
        #expect(calibration.summary == "tap latency 40.0 ms (spread 3.0 ms, 20 taps)")
    }

    @Test("a few wild taps move neither estimate much; taps beyond a quarter interval and second taps are dropped")
    func outliersAndDuplicates() throws {
        var offsets = Self.steady(23)
        offsets[6] = 150     // within the window (187.5 ms) but far off: an outlier the median ignores
        offsets[7] = 200     // beyond a quarter of 750 ms: dropped
        var taps = Self.taps(offsets)
        taps.append(Self.clicks[9].advanced(by: .milliseconds(60)))   // a bounce after the tap on click 9
        taps.append(Self.clicks[2].advanced(by: .milliseconds(-300)))  // while getting in time
        let calibration = try estimate(taps.shuffled())
        #expect(calibration.latency.milliseconds == 23)
        #expect(calibration.tapsUsed == 19)
        #expect(calibration.spreadMilliseconds == 0)
    }

    @Test("a tap is paired with the nearest click, which may be the next one: early taps count as negative")
    func nearestClick() throws {
        let calibration = try estimate(Self.taps(Self.steady(-30)))
        #expect(calibration.latency.milliseconds == -30)
        #expect(TapLatencyEstimator.nearest(to: Self.clicks[5].advanced(by: .milliseconds(374)), in: Self.clicks) == 5)
        #expect(TapLatencyEstimator.nearest(to: Self.clicks[5].advanced(by: .milliseconds(376)), in: Self.clicks) == 6)
        #expect(TapLatencyEstimator.nearest(to: Self.clicks[0].advanced(by: .seconds(-5)), in: Self.clicks) == 0)
        #expect(TapLatencyEstimator.nearest(to: Self.clicks[23].advanced(by: .seconds(5)), in: Self.clicks) == 23)
    }

    @Test("too few paired taps are refused, saying how many and within what window")
    func tooFewTaps() {
        let offsets = Self.steady(23).filter { $0.key.isMultiple(of: 3) }   // 4 + … = 6 counted taps after settling
        #expect(throws: TapCalibrationError.tooFewTaps(paired: 6, clicks: 20, needed: 8, windowMilliseconds: 187.5)) {
            try estimate(Self.taps(offsets))
        }
        let error = TapCalibrationError.tooFewTaps(paired: 6, clicks: 20, needed: 8, windowMilliseconds: 187.5)
        #expect(error.description.hasPrefix("only 6 of 20 clicks had a tap within ±187.5 ms (at least 8 needed"))
        #expect(throws: TapCalibrationError.tooFewTaps(paired: 0, clicks: 20, needed: 8, windowMilliseconds: 187.5)) {
            try estimate([])
        }
    }

    @Test("taps scattered beyond the limit are refused with the figures")
    func tooScattered() {
        // ±40 ms about 23: the MAD is 40, scaled 59.3 ms.
        #expect(throws: TapCalibrationError.tooScattered(spreadMilliseconds: 40 * 1.4826, limitMilliseconds: 30, taps: 20)) {
            try estimate(Self.taps(Self.steady(23, jitter: [-40, 40])))
        }
        let error = TapCalibrationError.tooScattered(spreadMilliseconds: 40 * 1.4826, limitMilliseconds: 30, taps: 20)
        #expect(error.description.hasPrefix("the 20 taps scatter by 59.3 ms around their median, more than the 30.0 ms"))
    }

    @Test("a median outside the latency range is refused")
    func outOfRange() {
        #expect(throws: TapCalibrationError.latencyOutOfRange(milliseconds: -60)) {
            try estimate(Self.taps(Self.steady(-60)))
        }
    }

    @Test("too few clicks, or clicks out of order, are refused before any pairing")
    func badClicks() {
        let estimator = TapLatencyEstimator()
        #expect(throws: TapCalibrationError.tooFewClicks(clicks: 11, needed: 12)) {
            try estimator.estimate(clicks: Array(Self.clicks.prefix(11)), taps: [], measuredAt: Self.measured)
        }
        #expect(throws: TapCalibrationError.clicksNotAscending) {
            try estimator.estimate(clicks: Self.clicks.reversed(), taps: [], measuredAt: Self.measured)
        }
    }

    @Test("tap latency and calibration values are validated at construction")
    func values() throws {
        #expect(throws: DomainValueError.outOfRange(type: "tap latency", value: "250.5 ms", allowed: "-50…250 ms")) {
            try TapLatency(milliseconds: 250.5)
        }
        #expect(throws: DomainValueError.notFinite(type: "tap latency")) { try TapLatency(milliseconds: .nan) }
        #expect(try TapLatency(milliseconds: -50).duration == .milliseconds(-50))
        #expect(try TapLatency(milliseconds: 23.4).duration == .microseconds(23_400))
        let latency = try TapLatency(milliseconds: 10)
        #expect(throws: DomainValueError.self) {
            try TapCalibration(latency: latency, spreadMilliseconds: 31, tapsUsed: 20, measuredAt: Self.measured)
        }
        #expect(throws: DomainValueError.self) {
            try TapCalibration(latency: latency, spreadMilliseconds: 1, tapsUsed: 7, measuredAt: Self.measured)
        }
        #expect(throws: DomainValueError.notFinite(type: "tap spread")) {
            try TapCalibration(latency: latency, spreadMilliseconds: .infinity, tapsUsed: 20, measuredAt: Self.measured)
        }
    }
}
