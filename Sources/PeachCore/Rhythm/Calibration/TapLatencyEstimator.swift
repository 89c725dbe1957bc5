import Foundation

/// Turns a tap-along (clicks one per beat, the user tapping with them) into a `TapCalibration`.
///
/// Each tap is paired with the nearest click. Taps are dropped when they pair with one of the
/// first `settlingClicks` (the user is still finding the beat), lie farther than a quarter of
/// the click interval from their click (a stray or missed beat, not a delay), or are not the
/// first tap on their click (a bounce of the pad, a second try). The latency is the median of
/// the remaining offsets and the spread their median absolute deviation, scaled by 1.4826.
///
/// Why median and scaled MAD: a tap-along has a few outliers (a beat nearly missed, a late
/// start) among otherwise steady taps. Both statistics ignore up to half the taps going
/// astray, where a mean and a standard deviation follow a single wild tap. The MAD is scaled so
/// that for normally scattered taps it estimates the standard deviation, the figure tapping
/// studies report (10–30 ms for people tapping with a metronome); the interquartile range would
/// do as well, but from 8–20 taps its quartiles are coarser than the MAD's one median.
public struct TapLatencyEstimator: Sendable {
    /// The fewest paired taps a calibration rests on: below eight, one stray tap moves the
    /// median by a sizeable part of the spread.
    public static let minimumTaps = 8
    /// The most the taps may scatter. With 20 taps a median's standard error is about
    /// 1.25 · spread / √20 ≈ 0.28 · spread: at 30 ms that is 8 ms, already the size of the
    /// timing differences rhythm training works on (about 6 ms), so a wider scatter is someone
    /// not yet tapping steadily, not a latency worth storing.
    public static let spreadLimitMilliseconds = 30.0
    /// The clicks at the start whose taps are not used: one bar of four, to get in time.
    public static let defaultSettlingClicks = 4
    /// Scales a median absolute deviation to a standard deviation for normal data (1 / Φ⁻¹(¾)).
    static let madScale = 1.4826

    public let settlingClicks: Int

    public init(settlingClicks: Int = defaultSettlingClicks) {
        self.settlingClicks = max(0, settlingClicks)
    }

    /// The fewest clicks a tap-along needs: the settling ones and one per needed tap.
    public var minimumClicks: Int { settlingClicks + Self.minimumTaps }

    /// - Parameters:
    ///   - clicks: when each click was due, on the rhythm clock, ascending and evenly spaced.
    ///   - taps: when each tap was stamped, on the same clock, in any order.
    /// - Throws: `TapCalibrationError` when the clicks are too few or not ascending, too few
    ///   taps pair with them, the taps scatter too widely, or the latency is out of range.
    public func estimate(clicks: [RhythmInstant], taps: [RhythmInstant],
                         measuredAt: Date) throws(TapCalibrationError) -> TapCalibration {
        guard clicks.count >= minimumClicks else {
            throw .tooFewClicks(clicks: clicks.count, needed: minimumClicks)
        }
        guard zip(clicks, clicks.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .clicksNotAscending }
        // The smallest gap rules the pairing window, so no tap can count for two clicks.
        let interval = zip(clicks, clicks.dropFirst()).map { Self.milliseconds($0.duration(to: $1)) }.min() ?? 0
        let window = interval / 4
        var offsets: [Int: Double] = [:]
        for tap in taps.sorted() {
            let index = Self.nearest(to: tap, in: clicks)
            guard index >= settlingClicks, offsets[index] == nil else { continue }
            let offset = Self.milliseconds(clicks[index].duration(to: tap))
            guard abs(offset) <= window else { continue }
            offsets[index] = offset
        }
        let values = Array(offsets.values)
        let counted = clicks.count - settlingClicks
        guard values.count >= Self.minimumTaps else {
            throw .tooFewTaps(paired: values.count, clicks: counted, needed: Self.minimumTaps, windowMilliseconds: window)
        }
        let latency = Self.median(values)
        let spread = Self.madScale * Self.median(values.map { abs($0 - latency) })
        guard spread <= Self.spreadLimitMilliseconds else {
            throw .tooScattered(spreadMilliseconds: spread, limitMilliseconds: Self.spreadLimitMilliseconds, taps: values.count)
        }
        let rounded = (latency * 1000).rounded() / 1000
        guard let tapLatency = try? TapLatency(milliseconds: rounded) else {
            throw .latencyOutOfRange(milliseconds: rounded)
        }
        do {
            return try TapCalibration(latency: tapLatency, spreadMilliseconds: (spread * 1000).rounded() / 1000,
                                      tapsUsed: values.count, measuredAt: measuredAt)
        } catch {
            // Unreachable: the spread and the count were checked above.
            throw .tooScattered(spreadMilliseconds: spread, limitMilliseconds: Self.spreadLimitMilliseconds, taps: values.count)
        }
    }

    /// The index of the click nearest `tap` (the earlier on a tie); `clicks` is ascending and not empty.
    static func nearest(to tap: RhythmInstant, in clicks: [RhythmInstant]) -> Int {
        var low = 0, high = clicks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if clicks[middle] < tap { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let before = tap.nanoseconds - clicks[low - 1].nanoseconds
        let after = clicks[low].nanoseconds - tap.nanoseconds
        return after < before ? low : low - 1
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.wholeNanoseconds) / 1_000_000
    }
}

/// Why a tap-along gave no calibration; each message says what was measured and what was needed.
public enum TapCalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooFewClicks(clicks: Int, needed: Int)
    case clicksNotAscending
    /// `paired` of the `clicks` that count (those after the settling ones) had a tap within the window.
    case tooFewTaps(paired: Int, clicks: Int, needed: Int, windowMilliseconds: Double)
    case tooScattered(spreadMilliseconds: Double, limitMilliseconds: Double, taps: Int)
    case latencyOutOfRange(milliseconds: Double)

    public var description: String {
        switch self {
        case .tooFewClicks(let clicks, let needed):
            return "a tap-along needs at least \(needed) clicks, not \(clicks)"
        case .clicksNotAscending:
            return "the clicks of a tap-along must be in time order"
        case .tooFewTaps(let paired, let clicks, let needed, let window):
            return "only \(paired) of \(clicks) clicks had a tap within ±\(TapCalibration.tenths(window)) ms "
                + "(at least \(needed) needed; the first few clicks are for getting in time and do not count): "
                + "tap once with every click"
        case .tooScattered(let spread, let limit, let taps):
            return "the \(taps) taps scatter by \(TapCalibration.tenths(spread)) ms around their median, more than the "
                + "\(TapCalibration.tenths(limit)) ms a latency can be measured from: tap as steadily as you can and try again"
        case .latencyOutOfRange(let milliseconds):
            return "the taps lie \(TapCalibration.tenths(milliseconds)) ms from the clicks, outside the "
                + "\(Int(TapLatency.range.lowerBound))…\(Int(TapLatency.range.upperBound)) ms a rig's latency can be"
        }
    }
}
