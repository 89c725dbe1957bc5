import Foundation

/// One tap-along's result: the latency to subtract, how scattered the taps were around it and
/// how many taps it rests on, and when it was measured.
public struct TapCalibration: Hashable, Sendable {
    /// The most a calibration's spread can be (see `TapLatencyEstimator.spreadLimitMilliseconds`
    /// for why); a stored value beyond it is damage.
    public static let spreadRange: ClosedRange<Double> = 0...TapLatencyEstimator.spreadLimitMilliseconds

    public let latency: TapLatency
    /// The robust spread of the taps around the latency (scaled median absolute deviation), ms.
    public let spreadMilliseconds: Double
    public let tapsUsed: Int
    public let measuredAt: Date

    /// Throws when the spread is not a finite number in `spreadRange`, or fewer taps than the
    /// estimator needs are claimed.
    public init(latency: TapLatency, spreadMilliseconds: Double, tapsUsed: Int, measuredAt: Date) throws(DomainValueError) {
        guard spreadMilliseconds.isFinite else { throw .notFinite(type: "tap spread") }
        guard Self.spreadRange.contains(spreadMilliseconds) else {
            throw .outOfRange(type: "tap spread", value: "\(spreadMilliseconds) ms",
                              allowed: "0…\(Int(Self.spreadRange.upperBound)) ms")
        }
        guard tapsUsed >= TapLatencyEstimator.minimumTaps else {
            throw .outOfRange(type: "taps used", value: "\(tapsUsed)", allowed: "\(TapLatencyEstimator.minimumTaps) or more")
        }
        self.latency = latency
        self.spreadMilliseconds = spreadMilliseconds
        self.tapsUsed = tapsUsed
        self.measuredAt = measuredAt
    }

    /// "tap latency 23.4 ms (spread 2.1 ms, 20 taps)".
    public var summary: String {
        "tap latency \(Self.tenths(latency.milliseconds)) ms (spread \(Self.tenths(spreadMilliseconds)) ms, \(tapsUsed) taps)"
    }

    static func tenths(_ milliseconds: Double) -> String {
        let rounded = (milliseconds * 10).rounded() / 10
        return String(format: "%.1f", rounded == 0 ? 0 : rounded)
    }
}
