import PeachCore

/// The latest estimate per octave of the reference note, over the keyboard those octaves span
/// (only octaves with trials): per octave, each discipline side by side, its band and value
/// spanning its share of the octave's keys, its trial count under it. An octave with fewer trials
/// than `ThresholdProfile.minimumTrialsPerRegister` says "not enough data" instead of a guess.
struct SVGRegisterPanel {
    let report: ProfileReport

    static let plotHeight = 196.0
    static let keyboardHeight = 54.0

    /// Octaves with trials in any discipline, lowest and highest.
    var octaves: ClosedRange<Int>? {
        let all = report.thresholds.disciplines.values.flatMap { $0.registers.map(\.octave) }
        guard let low = all.min(), let high = all.max() else { return nil }
        return low...high
    }

    func draw(_ svg: inout SVGWriter, values: [Double], left: Double, right: Double, top: Double) {
        svg.text("By register: your estimate per octave of the reference note, from its own trials", x: left, y: top,
                 size: 15, weight: "bold")
        let plotLeft = left + 46
        let plotTop = top + 26
        let axis = LogCentAxis(holding: values, top: plotTop, bottom: plotTop + Self.plotHeight)
        guard let octaves else {
            svg.text("no trials yet", x: (plotLeft + right) / 2, y: plotTop + Self.plotHeight / 2, size: 13,
                     fill: SVGStyle.faint, anchor: "middle")
            return
        }
        let keyboard = SVGKeyboard(octaves: octaves.lowerBound, octaves.upperBound, left: plotLeft, right: right)
        axis.drawTicks(&svg, left: plotLeft, right: right)
        let countY = axis.bottom + 14
        svg.text("trials", x: plotLeft - 5, y: countY, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        let disciplines = TrainingDiscipline.allCases.filter { report.thresholds.disciplines[$0] != nil }
        for octave in octaves {
            let span = keyboard.span(ofOctave: octave)
            svg.line(span.left, axis.top, span.left, countY + 4, stroke: SVGStyle.grid)
            let width = (span.right - span.left) / Double(disciplines.count)
            for (index, discipline) in disciplines.enumerated() {
                let register = report.thresholds.disciplines[discipline]?.registers.first { $0.octave == octave }
                let x = span.left + Double(index) * width
                if register != nil { svg.open("register \(discipline.rawValue) octave\(octave)") }
                cell(register, discipline, &svg, axis: axis, left: x + width * 0.1, right: x + width * 0.9, countY: countY)
                if register != nil { svg.close() }
            }
        }
        keyboard.draw(&svg, top: countY + 8, height: Self.keyboardHeight)
    }

    /// One estimate's column; the interval panel draws its intervals with it too.
    func cell(_ register: DisciplineThreshold.Register?, _ discipline: TrainingDiscipline,
                      _ svg: inout SVGWriter, axis: LogCentAxis, left: Double, right: Double, countY: Double) {
        let color = SVGStyle.color(discipline)
        let middle = (left + right) / 2
        let wide = right - left >= 52
        guard let register else {
            svg.text("–", x: middle, y: countY, size: 9.5, fill: SVGStyle.faint, anchor: "middle")
            return
        }
        let baseline = axis.y(discipline.expertBaseline)
        func drawBaseline() {
            svg.line(left, baseline, right, baseline, stroke: color, width: 1.2, dash: "4 3", opacity: 0.9)
        }
        guard let estimate = register.estimate else {
            let minimum = ThresholdProfile.minimumTrialsPerRegister
            svg.rect(x: left, y: axis.top, width: right - left, height: axis.bottom - axis.top, fill: "white",
                     stroke: SVGStyle.faint, dashed: true)
            drawBaseline()
            // High in the cell, clear of the baselines near the middle.
            let lines = wide ? ["not enough", "data"] : ["?"]
            for (index, line) in lines.enumerated() {
                svg.text(line, x: middle, y: axis.y(100) + Double(index) * 13, size: wide ? 10.5 : 14,
                         fill: SVGStyle.muted, anchor: "middle", className: "not-enough")
            }
            svg.text(wide ? "\(register.trials) of \(minimum)" : "\(register.trials)/\(minimum)", x: middle, y: countY,
                     size: 9.5, fill: SVGStyle.muted, anchor: "middle", className: "count")
            return
        }
        let marks = EstimateMarks(axis: axis)
        let band = marks.band(estimate)
        svg.rect(x: left, y: band.top, width: right - left, height: band.bottom - band.top,
                 fill: SVGStyle.band(discipline), className: "band")
        drawBaseline()
        if let cents = estimate.cents {
            svg.line(left, axis.y(cents), right, axis.y(cents), stroke: color, width: 3)
            if wide {
                // Above the band, or below it where the baseline's dashes would run through the figure.
                let above = band.top - 4
                let y = abs(above - 4 - baseline) < 9 ? band.bottom + 12 : above
                svg.text("\(centsText(cents)) c", x: middle, y: y, size: 10, fill: color, weight: "bold", anchor: "middle")
            }
        } else if let bound = marks.openBound(estimate) {
            marks.triangle(&svg, x: middle, y: bound.y, pointsDown: bound.pointsDown, color: color)
            if wide {
                let (headline, _) = SVGSummaryCards.lines(estimate)
                svg.text(headline, x: middle, y: bound.pointsDown ? bound.y - 5 : bound.y + 15, size: 10, fill: color,
                         weight: "bold", anchor: "middle")
            }
        }
        // A narrow cell (the interval panel's) has room for four characters: 2691 becomes 2.7k.
        let count = right - left >= 30 || register.trials < 1000
            ? "\(register.trials)" : String(format: "%.1fk", Double(register.trials) / 1000)
        svg.text(count, x: middle, y: countY, size: 9.5, fill: SVGStyle.ink, anchor: "middle", className: "count")
    }
}
