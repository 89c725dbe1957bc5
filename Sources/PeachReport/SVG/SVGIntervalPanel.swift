import PeachCore

/// The latest estimate per directed interval (and tuning: with several, each interval has a column
/// per tuning, named under it), drawn as the register panel draws octaves: per
/// interval each interval discipline side by side, its band and value, its trial count, and
/// "not enough data" below `IntervalThreshold.minimumTrials`. The weakest interval's name is
/// set in bold colour, so the eye lands on what to train.
struct SVGIntervalPanel {
    let report: ProfileReport

    static let plotHeight = 170.0

    private var disciplines: [TrainingDiscipline] {
        [TrainingDiscipline.intervalComparison, .intervalMatching].filter { !(report.intervals[$0] ?? []).isEmpty }
    }

    /// One column: an interval in one tuning (a tempered third is another stimulus, issue 32).
    private struct Column: Hashable {
        let interval: DirectedInterval
        let tuningSystem: String
    }

    /// Every interval trained in either discipline, per tuning, in interval order, then by
    /// tuning: equal temperament first, the others by name.
    private var columns: [Column] {
        let all = Set(disciplines.flatMap { (report.intervals[$0] ?? []).map { Column(interval: $0.interval, tuningSystem: $0.tuningSystem) } })
        func rank(_ column: Column) -> Int { column.tuningSystem == TuningSystem.equalTemperament.rawValue ? 0 : 1 }
        return all.sorted { ($0.interval, rank($0), $0.tuningSystem) < ($1.interval, rank($1), $1.tuningSystem) }
    }

    func draw(_ svg: inout SVGWriter, values: [Double], left: Double, right: Double, top: Double) {
        let columns = self.columns
        let namingTuning = Set(columns.map(\.tuningSystem)).count > 1
        svg.text("By interval: your estimate per interval trained" + (namingTuning ? " in each tuning" : "")
                 + ", from its own trials", x: left, y: top, size: 15, weight: "bold")
        let plotLeft = left + 46
        let plotTop = top + 26
        let axis = LogCentAxis(holding: values, top: plotTop, bottom: plotTop + Self.plotHeight)
        guard !columns.isEmpty else {
            svg.text("no interval trials yet (peach train --intervals P5u,M3d)", x: (plotLeft + right) / 2,
                     y: plotTop + Self.plotHeight / 2, size: 13, fill: SVGStyle.faint, anchor: "middle")
            return
        }
        axis.drawTicks(&svg, left: plotLeft, right: right)
        let countY = axis.bottom + 14
        svg.text("trials", x: plotLeft - 5, y: countY, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        let weakest = disciplines.compactMap { weakestInterval($0) }
        let registers = SVGRegisterPanel(report: report)
        let column = (right - plotLeft) / Double(columns.count)
        for (index, cell) in columns.enumerated() {
            let interval = cell.interval
            let x = plotLeft + Double(index) * column
            svg.line(x, axis.top, x, countY + 4, stroke: SVGStyle.grid)
            let width = column / Double(disciplines.count)
            // Cells too narrow for two counts side by side put the second discipline's a line lower.
            let stagger = width < 40 ? 11.0 : 0
            for (offset, discipline) in disciplines.enumerated() {
                let item = (report.intervals[discipline] ?? []).first {
                    $0.interval == interval && $0.tuningSystem == cell.tuningSystem
                }
                let cellLeft = x + Double(offset) * width
                let register = item.map { DisciplineThreshold.Register(octave: 0, trials: $0.trials, estimate: $0.estimate) }
                if let item {
                    svg.open("interval \(discipline.rawValue) \(interval.abbreviation)"
                             + (namingTuning ? " \(item.tuningSystem)" : ""))
                }
                registers.cell(register, discipline, &svg, axis: axis, left: cellLeft + width * 0.1,
                               right: cellLeft + width * 0.9, countY: countY + Double(offset % 2) * stagger)
                if item != nil { svg.close() }
            }
            let isWeakest = weakest.contains(cell)
            svg.text(interval.abbreviation, x: x + column / 2, y: countY + 18 + stagger, size: 12,
                     fill: isWeakest ? SVGStyle.weak : SVGStyle.ink, weight: isWeakest ? "bold" : "normal",
                     anchor: "middle", className: isWeakest ? "weakest" : "")
            if namingTuning {
                // The tuning under every interval, as much of its name as the column holds.
                let name = (try? TuningIdentifier(rawValue: cell.tuningSystem))?.shownName ?? "equal temperament"
                svg.text(Self.fitted(name, width: column), x: x + column / 2, y: countY + 31 + stagger, size: 9,
                         fill: isWeakest ? SVGStyle.weak : SVGStyle.muted, weight: isWeakest ? "bold" : "normal",
                         anchor: "middle")
            } else if column >= 60 {
                svg.text(isWeakest ? "weakest" : interval.words, x: x + column / 2, y: countY + 31 + stagger, size: 9,
                         fill: isWeakest ? SVGStyle.weak : SVGStyle.muted, anchor: "middle")
            }
        }
    }

    /// The interval (in its tuning) whose two-sided estimate is highest, where two or more can be ranked.
    private func weakestInterval(_ discipline: TrainingDiscipline) -> Column? {
        let ranked = report.weakSpots(of: discipline).intervals
        guard ranked.count >= 2, case .interval(let interval, let tuningSystem) = ranked[0].item else { return nil }
        return Column(interval: interval, tuningSystem: tuningSystem)
    }

    /// `text` cut to what a column `width` wide holds at 9 px (about 5 px a character), with "…".
    static func fitted(_ text: String, width: Double) -> String {
        let room = max(3, Int(width / 5.2))
        return text.count <= room ? text : String(text.prefix(room - 1)) + "…"
    }
}

extension SVGStyle {
    /// What needs work: the weakest item, a change for the worse.
    static let weak = "#c92a2a"
    /// A change for the better.
    static let better = "#2b8a3e"
}
