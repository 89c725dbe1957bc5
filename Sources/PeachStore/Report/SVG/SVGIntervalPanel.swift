import PeachCore

/// The latest estimate per directed interval, drawn as the register panel draws octaves: per
/// interval each interval discipline side by side, its band and value, its trial count, and
/// "not enough data" below `IntervalThreshold.minimumTrials`. The weakest interval's name is
/// set in bold colour, so the eye lands on what to train.
struct SVGIntervalPanel {
    let report: ProfileReport

    static let plotHeight = 170.0

    private var disciplines: [TrainingDiscipline] {
        [TrainingDiscipline.intervalComparison, .intervalMatching].filter { !(report.intervals[$0] ?? []).isEmpty }
    }

    /// Every interval trained in either discipline (tuning systems apart), in interval order.
    private var intervals: [DirectedInterval] {
        Set(disciplines.flatMap { (report.intervals[$0] ?? []).map(\.interval) }).sorted()
    }

    func draw(_ svg: inout SVGWriter, values: [Double], left: Double, right: Double, top: Double) {
        svg.text("By interval: your estimate per interval trained, from its own trials", x: left, y: top,
                 size: 15, weight: "bold")
        let plotLeft = left + 46
        let plotTop = top + 26
        let axis = LogCentAxis(holding: values, top: plotTop, bottom: plotTop + Self.plotHeight)
        let intervals = self.intervals
        guard !intervals.isEmpty else {
            svg.text("no interval trials yet (peach train --intervals P5u,M3d)", x: (plotLeft + right) / 2,
                     y: plotTop + Self.plotHeight / 2, size: 13, fill: SVGStyle.faint, anchor: "middle")
            return
        }
        axis.drawTicks(&svg, left: plotLeft, right: right)
        let countY = axis.bottom + 14
        svg.text("trials", x: plotLeft - 5, y: countY, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        let weakest = disciplines.compactMap { weakestInterval($0) }
        let registers = SVGRegisterPanel(report: report)
        let column = (right - plotLeft) / Double(intervals.count)
        for (index, interval) in intervals.enumerated() {
            let x = plotLeft + Double(index) * column
            svg.line(x, axis.top, x, countY + 4, stroke: SVGStyle.grid)
            let width = column / Double(disciplines.count)
            // Cells too narrow for two counts side by side put the second discipline's a line lower.
            let stagger = width < 40 ? 11.0 : 0
            for (offset, discipline) in disciplines.enumerated() {
                // With several tuning systems the one with the most trials stands for the interval.
                let item = (report.intervals[discipline] ?? []).filter { $0.interval == interval }.max { $0.trials < $1.trials }
                let cellLeft = x + Double(offset) * width
                let register = item.map { DisciplineThreshold.Register(octave: 0, trials: $0.trials, estimate: $0.estimate) }
                if item != nil { svg.open("interval \(discipline.rawValue) \(interval.abbreviation)") }
                registers.cell(register, discipline, &svg, axis: axis, left: cellLeft + width * 0.1,
                               right: cellLeft + width * 0.9, countY: countY + Double(offset % 2) * stagger)
                if item != nil { svg.close() }
            }
            let isWeakest = weakest.contains(interval)
            svg.text(interval.abbreviation, x: x + column / 2, y: countY + 18 + stagger, size: 12,
                     fill: isWeakest ? SVGStyle.weak : SVGStyle.ink, weight: isWeakest ? "bold" : "normal",
                     anchor: "middle", className: isWeakest ? "weakest" : "")
            if column >= 60 {
                svg.text(isWeakest ? "weakest" : interval.words, x: x + column / 2, y: countY + 31 + stagger, size: 9,
                         fill: isWeakest ? SVGStyle.weak : SVGStyle.muted, anchor: "middle")
            }
        }
    }

    /// The interval whose two-sided estimate is highest, where two or more can be ranked.
    private func weakestInterval(_ discipline: TrainingDiscipline) -> DirectedInterval? {
        let ranked = report.weakSpots(of: discipline).intervals
        guard ranked.count >= 2, case .interval(let interval, _) = ranked[0].item else { return nil }
        return interval
    }
}

extension SVGStyle {
    /// What needs work: the weakest item, a change for the worse.
    static let weak = "#c92a2a"
    /// A change for the better.
    static let better = "#2b8a3e"
}
