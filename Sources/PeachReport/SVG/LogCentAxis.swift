import Foundation

/// A vertical cent axis on a logarithmic scale, so 2 c and 20 c are as far apart as 10 c and
/// 100 c: an expert's threshold is as legible as a beginner's. Ticks at 1, 2 and 5 times a power
/// of ten. The range is 0.5…200 c, widened to 1-2-5 values that hold the data, within the
/// threshold fit's own grid (0.05…400 c).
struct LogCentAxis {
    let low: Double
    let high: Double
    /// Pixel rows: `high` is drawn at `top`, `low` at `bottom`.
    let top: Double
    let bottom: Double

    static let defaultRange = (low: 0.5, high: 200.0)
    static let limits = (low: 0.05, high: 400.0)

    init(low: Double, high: Double, top: Double, bottom: Double) {
        self.low = low
        self.high = high
        self.top = top
        self.bottom = bottom
    }

    /// The default range widened to hold `values` (cents; others ignored).
    init(holding values: [Double], top: Double, bottom: Double) {
        let finite = values.filter { $0.isFinite && $0 > 0 }
        let low = min(Self.defaultRange.low, finite.min().map(Self.oneTwoFiveFloor) ?? .infinity)
        let high = max(Self.defaultRange.high, finite.max().map(Self.oneTwoFiveCeiling) ?? 0)
        self.init(low: max(low, Self.limits.low), high: min(high, Self.limits.high), top: top, bottom: bottom)
    }

    /// The pixel row of `cents`, held inside the axis.
    func y(_ cents: Double) -> Double {
        let clamped = min(max(cents, low), high)
        return bottom - log(clamped / low) / log(high / low) * (bottom - top)
    }

    /// 1, 2 and 5 times each power of ten within the range.
    var ticks: [Double] {
        var ticks: [Double] = []
        var power = pow(10, floor(log10(low)))
        while power <= high {
            for factor in [1.0, 2, 5] {
                let value = factor * power
                if value >= low * 0.999, value <= high * 1.001 { ticks.append(value) }
            }
            power *= 10
        }
        return ticks
    }

    /// "0.5 c", "2 c", "100 c".
    static func label(_ cents: Double) -> String {
        String(format: "%g c", cents)
    }

    /// The largest 1-2-5 value at most `value`.
    static func oneTwoFiveFloor(_ value: Double) -> Double {
        let power = pow(10, floor(log10(value)))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= value * 1.000_001 } ?? power
    }

    /// The smallest 1-2-5 value at least `value`.
    static func oneTwoFiveCeiling(_ value: Double) -> Double {
        let power = pow(10, floor(log10(value)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value * 0.999_999 } ?? 10 * power
    }
}
