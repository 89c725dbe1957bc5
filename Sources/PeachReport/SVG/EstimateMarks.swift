import PeachCore

/// How one estimate is drawn against a cent axis: its 95 % interval as a band (an open side
/// runs to the axis's end), its value as a line or dot, and a triangle where the trials bound
/// it on one side only (▼ at the upper bound: "below"; ▲ at the lower: "above").
struct EstimateMarks {
    let axis: LogCentAxis

    /// The band's pixel rows, top first.
    func band(_ estimate: ThresholdEstimate) -> (top: Double, bottom: Double) {
        (axis.y(estimate.upper ?? axis.high), axis.y(estimate.lower ?? axis.low))
    }

    /// The one-sided bound and the way the estimate points from it, if that is all there is.
    func openBound(_ estimate: ThresholdEstimate) -> (y: Double, pointsDown: Bool)? {
        switch estimate.kind {
        case .below: estimate.upper.map { (axis.y($0), true) }
        case .above: estimate.lower.map { (axis.y($0), false) }
        case .interval, .unresolved: nil
        }
    }

    func triangle(_ svg: inout SVGWriter, x: Double, y: Double, pointsDown: Bool, color: String, size: Double = 5) {
        let tip = pointsDown ? y + size : y - size
        let base = y
        svg.polygon([(x - size, base), (x + size, base), (x, tip)], fill: color)
    }
}

/// Figures as a musician reads them: one decimal below 10 c, whole cents above.
func centsText(_ value: Double) -> String {
    String(format: value < 10 ? "%.1f" : "%.0f", value)
}
