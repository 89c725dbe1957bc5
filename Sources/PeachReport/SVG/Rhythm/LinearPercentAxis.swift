import Foundation
import PeachCore

/// A linear axis in percent of a sixteenth note, from `low` to `high`, with ticks at a 1-2-5
/// step that gives four to eight of them. Values beyond the ends are drawn at the ends.
struct LinearPercentAxis {
    let low: Double
    let high: Double
    let top: Double
    let bottom: Double
    let step: Double

    /// 0…`largest` rounded up to a whole step (at least 5 %), or ±`largest` when `signed`.
    init(largest: Double, signed: Bool, top: Double, bottom: Double) {
        let extent = max(5, largest.isFinite ? largest : 5)
        let raw = extent / (signed ? 3 : 5)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let high = (extent / step).rounded(.up) * step
        self.step = step
        self.high = high
        self.low = signed ? -high : 0
        self.top = top
        self.bottom = bottom
    }

    func y(_ value: Double) -> Double {
        let clamped = min(max(value, low), high)
        return bottom - (clamped - low) / (high - low) * (bottom - top)
    }

    var ticks: [Double] {
        let count = Int(((high - low) / step).rounded())
        return (0...count).map { low + Double($0) * step }
    }

    /// The largest value worth showing for these estimates: their intervals, but no more than two
    /// and a half times the largest estimate (a wide interval of an early session runs off the top
    /// rather than squeezing every later one), and within the 50 % a trial can be off.
    static func largest(showing estimates: [ThresholdEstimate]) -> Double {
        let values = estimates.compactMap(\.cents)
        let bounds = estimates.flatMap { [$0.lower, $0.upper].compactMap { $0 } }
        let top = min(bounds.max() ?? 5, 2.5 * (values.max() ?? 20))
        return min(max(top, values.max() ?? 0), RhythmKazezStrategy.maximum)
    }
}
