import Foundation
import PeachCore

/// Per discipline, the last 30 days against the 30 before: both estimates as bands on one
/// horizontal log axis (grey before, coloured now, an arrow between the values), and the verdict
/// in words beside them, green for better, red for worse.
struct SVGWindowTrend {
    let report: ProfileReport

    static let rowHeight = 34.0
    static let days = ProfileText.headlineWindow

    static var height: Double { 30 + 4 * rowHeight }

    func draw(_ svg: inout SVGWriter, left: Double, right: Double, top: Double) {
        svg.text("Over time: the last \(Self.days) days against the \(Self.days) before", x: left, y: top, size: 15,
                 weight: "bold")
        let rows = TrainingDiscipline.allCases.compactMap { discipline in
            report.windows[discipline]?.first { $0.days == Self.days }.map { (discipline, $0) }
        }
        guard !rows.isEmpty else {
            svg.text("nothing to compare yet", x: left, y: top + 26, size: 13, fill: SVGStyle.faint)
            return
        }
        let (chartLeft, chartRight) = (left + 170, left + 520)
        svg.text("grey: the \(Self.days) days before · coloured: the last \(Self.days) · bars: 95 % intervals",
                 x: chartRight + 20, y: top, size: 10, fill: SVGStyle.muted)
        let values = rows.flatMap { [$0.1.estimate, $0.1.before].compactMap { $0 } }
            .flatMap { [$0.cents, $0.lower, $0.upper].compactMap { $0 } }
        let axis = HorizontalLogAxis(values: values, left: chartLeft, right: chartRight)
        for (index, (discipline, window)) in rows.enumerated() {
            let y = top + 22 + Double(index) * Self.rowHeight
            svg.open("trend \(discipline.rawValue)")
            svg.text(ProfileReport.title(of: discipline), x: left, y: y + 14, size: 12, fill: SVGStyle.color(discipline),
                     weight: "bold")
            svg.line(chartLeft, y + 22, chartRight, y + 22, stroke: SVGStyle.grid)
            for tick in axis.ticks where index == rows.count - 1 {
                svg.text(LogCentAxis.label(tick), x: axis.x(tick), y: y + Self.rowHeight + 2, size: 8.5,
                         fill: SVGStyle.muted, anchor: "middle")
            }
            band(window.before, &svg, axis: axis, y: y + 4, fill: SVGStyle.grid, stroke: SVGStyle.muted)
            band(window.estimate, &svg, axis: axis, y: y + 13, fill: SVGStyle.band(discipline),
                 stroke: SVGStyle.color(discipline))
            if let was = window.before?.cents, let now = window.estimate?.cents {
                svg.line(axis.x(was), y + 8, axis.x(now), y + 17, stroke: SVGStyle.ink, width: 1)
            }
            let (words, colour) = verdict(window)
            svg.text(words, x: chartRight + 20, y: y + 14, size: 12, fill: colour,
                     weight: window.change?.verdict == .noClearChange || window.change == nil ? "normal" : "bold")
            svg.close()
        }
    }

    private func band(_ estimate: ThresholdEstimate?, _ svg: inout SVGWriter, axis: HorizontalLogAxis, y: Double,
                      fill: String, stroke: String) {
        guard let estimate, estimate.kind != .unresolved else { return }
        let low = axis.x(estimate.lower ?? axis.low), high = axis.x(estimate.upper ?? axis.high)
        svg.rect(x: low, y: y, width: max(1, high - low), height: 8, fill: fill)
        if let cents = estimate.cents { svg.line(axis.x(cents), y - 1, axis.x(cents), y + 9, stroke: stroke, width: 2.5) }
    }

    private func verdict(_ window: ProfileReport.Window) -> (String, String) {
        guard let change = window.change else {
            return ("not enough data yet (\(window.trialsBefore) and \(window.trials) trials)", SVGStyle.muted)
        }
        switch change.verdict {
        case .improved: return ("▼ " + change.text, SVGStyle.better)
        case .worse: return ("▲ " + change.text, SVGStyle.weak)
        case .noClearChange: return ("≈ " + change.text, SVGStyle.muted)
        }
    }
}

/// A horizontal cent axis on a log scale, 1-2-5 ticks, over the values it must hold.
struct HorizontalLogAxis {
    let low: Double
    let high: Double
    let left: Double
    let right: Double

    init(values: [Double], left: Double, right: Double) {
        let finite = values.filter { $0.isFinite && $0 > 0 }
        low = LogCentAxis.oneTwoFiveFloor(max(LogCentAxis.limits.low, finite.min() ?? 1))
        high = max(low * 10, LogCentAxis.oneTwoFiveCeiling(min(LogCentAxis.limits.high, finite.max() ?? 10)))
        self.left = left
        self.right = right
    }

    func x(_ cents: Double) -> Double {
        let clamped = min(max(cents, low), high)
        return left + log(clamped / low) / log(high / low) * (right - left)
    }

    var ticks: [Double] { LogCentAxis(low: low, high: high, top: 0, bottom: 1).ticks }
}
