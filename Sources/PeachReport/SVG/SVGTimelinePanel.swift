import Foundation
import PeachCore

/// One discipline's estimate after every session: x is the session order (so recent sessions
/// get as much room as old ones), a band for the 95 % interval, a line for the estimate, the
/// expert baseline dashed. Neither band nor line crosses a break of a week or more.
struct SVGTimelinePanel {
    let discipline: TrainingDiscipline
    let history: ThresholdHistory
    let axis: LogCentAxis
    let left: Double
    let right: Double
    let timeZone: TimeZone

    static let panelHeight = 214.0
    static let plotInset = (top: 24.0, bottom: 176.0)

    /// The four disciplines as a 2 × 2 grid of panels from `top` on.
    static func drawAll(_ history: ThresholdHistory, report: ProfileReport, values: [Double], timeZone: TimeZone,
                        _ svg: inout SVGWriter, left: Double, right: Double, top: Double) {
        svg.text("Over time: your estimate after each session, with its 95 % interval", x: left, y: top,
                 size: 15, weight: "bold")
        let gutter = 24.0
        let width = (right - left - gutter) / 2
        for (index, discipline) in TrainingDiscipline.allCases.enumerated() {
            let x = left + Double(index % 2) * (width + gutter)
            let y = top + 14 + Double(index / 2) * panelHeight
            let axis = LogCentAxis(holding: values, top: y + plotInset.top, bottom: y + plotInset.bottom)
            svg.open("timeline \(discipline.rawValue)")
            SVGTimelinePanel(discipline: discipline, history: history, axis: axis, left: x + 46, right: x + width,
                             timeZone: timeZone).draw(&svg, titleY: y + 14)
            svg.close()
        }
    }

    func draw(_ svg: inout SVGWriter, titleY: Double) {
        let color = SVGStyle.color(discipline)
        svg.text(ProfileReport.title(of: discipline), x: left - 46, y: titleY, size: 12.5, fill: color, weight: "bold")
        svg.text(SVGStyle.measure(discipline), x: right, y: titleY, size: 10, fill: SVGStyle.muted, anchor: "end")
        grid(&svg)
        baseline(&svg, color: color)
        let points = history.points[discipline] ?? []
        guard !points.isEmpty else {
            svg.text("no trials yet", x: (left + right) / 2, y: axis.y(50), size: 13, fill: SVGStyle.muted,
                     anchor: "middle")
            return
        }
        gaps(&svg)
        let runs = runs(points)
        svg.open("bands")
        for run in runs { bands(run, &svg) }
        svg.close()
        svg.open("estimates")
        for run in runs { lines(run, &svg, color: color) }
        svg.close()
        svg.open("points")
        for run in runs { marks(run, &svg, color: color) }
        svg.close()
        dates(&svg)
    }

    // MARK: - Axes

    private var slotWidth: Double { (right - left) / Double(max(1, history.sessions.count)) }

    func x(_ session: Int) -> Double { left + (Double(session) + 0.5) * slotWidth }

    private func grid(_ svg: inout SVGWriter) {
        svg.open("ticks")
        defer { svg.close() }
        for tick in axis.ticks {
            let y = axis.y(tick)
            svg.line(left, y, right, y, stroke: SVGStyle.grid)
            svg.text(LogCentAxis.label(tick), x: left - 5, y: y + 3.5, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        }
        svg.line(left, axis.bottom, right, axis.bottom, stroke: SVGStyle.faint)
    }

    private func baseline(_ svg: inout SVGWriter, color: String) {
        let y = axis.y(discipline.expertBaseline)
        svg.line(left, y, right, y, stroke: color, width: 1.2, dash: "6 4", opacity: 0.9)
        // At the start, where a learner's line is still far above it.
        svg.text("expert \(centsText(discipline.expertBaseline)) c", x: left + 3, y: y + 11, size: 9.5, fill: color)
    }

    /// A dotted line and the length of every break of a week or more.
    private func gaps(_ svg: inout SVGWriter) {
        svg.open("gaps")
        defer { svg.close() }
        for index in history.sessions.indices where history.isLongGap(before: index) {
            let gapX = (x(index - 1) + x(index)) / 2
            svg.line(gapX, axis.top, gapX, axis.bottom, stroke: SVGStyle.faint, dash: "2 3")
            let days = Int(history.sessions[index].start.timeIntervalSince(history.sessions[index - 1].end) / 86_400)
            // Inside the plot, beside the line: above it sit the panel's title and measure.
            svg.text("\(days) days", x: gapX + 3, y: axis.top + 9, size: 9, fill: SVGStyle.muted)
        }
    }

    private func dates(_ svg: inout SVGWriter) {
        svg.open("dates")
        defer { svg.close() }
        let labels = SessionDateLabels(timeZone: timeZone).labels(
            dates: history.sessions.map(\.start), xs: history.sessions.indices.map(x), spacing: 64)
        for label in labels {
            svg.line(label.x, axis.bottom, label.x, axis.bottom + 4, stroke: SVGStyle.faint)
            svg.text(label.text, x: label.x, y: axis.bottom + 15, size: 9.5, fill: SVGStyle.muted, anchor: "middle")
        }
    }

    // MARK: - The estimates

    /// The points split wherever a long break lies between two of them.
    func runs(_ points: [ThresholdHistory.Point]) -> [[ThresholdHistory.Point]] {
        var runs: [[ThresholdHistory.Point]] = []
        for point in points {
            if let previous = runs.last?.last,
               history.sessions[point.session].start.timeIntervalSince(history.sessions[previous.session].end)
                < ThresholdHistory.longGap {
                runs[runs.count - 1].append(point)
            } else {
                runs.append([point])
            }
        }
        return runs
    }

    /// The 95 % interval of a run: a polygon, or a narrow bar for a run of one session.
    private func bands(_ run: [ThresholdHistory.Point], _ svg: inout SVGWriter) {
        let marks = EstimateMarks(axis: axis)
        if run.count == 1 {
            let band = marks.band(run[0].estimate)
            let width = min(slotWidth * 0.8, 12)
            svg.rect(x: x(run[0].session) - width / 2, y: band.top, width: width, height: band.bottom - band.top,
                     fill: SVGStyle.band(discipline))
        } else {
            let upper = run.map { (x($0.session), marks.band($0.estimate).top) }
            let lower = run.reversed().map { (x($0.session), marks.band($0.estimate).bottom) }
            svg.polygon(upper + lower, fill: SVGStyle.band(discipline))
        }
    }

    /// The estimate's line joins neighbouring points of a run that have a value.
    private func lines(_ run: [ThresholdHistory.Point], _ svg: inout SVGWriter, color: String) {
        var line: [(x: Double, y: Double)] = []
        func flush() {
            if line.count > 1 { svg.polyline(line, stroke: color, width: 2) }
            line = []
        }
        for point in run {
            guard let cents = point.estimate.cents else {
                flush()
                continue
            }
            line.append((x(point.session), axis.y(cents)))
        }
        flush()
    }

    /// A dot per estimate, a triangle per one-sided bound.
    private func marks(_ run: [ThresholdHistory.Point], _ svg: inout SVGWriter, color: String) {
        let marks = EstimateMarks(axis: axis)
        let radius = slotWidth >= 8 ? 2.8 : 2
        for point in run {
            if let cents = point.estimate.cents {
                svg.circle(x: x(point.session), y: axis.y(cents), radius: radius, fill: color)
            } else if let bound = marks.openBound(point.estimate) {
                marks.triangle(&svg, x: x(point.session), y: bound.y, pointsDown: bound.pointsDown, color: color,
                               size: 4)
            }
        }
    }
}
