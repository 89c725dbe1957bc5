import Foundation
import PeachCore

/// `peach profile --svg FILE`: a standalone SVG 1.1 document a musician reads at a glance.
///
/// Top: the current estimate per discipline in large type, beside the expert baseline. Middle:
/// each discipline's estimate after every session, with its 95 % interval as a band. Bottom:
/// the latest estimate per octave over the keyboard those octaves span. Every cent axis is
/// logarithmic (0.5…200 c and wider if the data need it) and the same throughout the figure.
/// Then the estimate per interval trained and, per discipline, the last 30 days against the 30
/// before (issue 33).
/// Under it the rhythm part (`SVGRhythmSection`), or one line saying there is none; without
/// pitch records but with rhythm ones, the pitch part is one line above the rhythm part.
public enum ProfileSVG {
    static let width = 960.0
    /// The pitch part: summary, history, registers, then intervals and the windows' trend (issue 33).
    static let height = 1084.0 + itemsHeight
    static let itemsHeight = 24 + intervalsHeight + SVGWindowTrend.height + 20
    /// The interval panel: title, plot, counts and the intervals' names under them.
    static let intervalsHeight = 26 + SVGIntervalPanel.plotHeight + 14 + 31 + 40
    static let margin = 20.0

    /// `timeZone` places the date labels (the listener's evening session stays on its evening).
    public static func render(_ report: ProfileReport, timeZone: TimeZone = .current) -> String {
        let rhythm = SVGRhythmSection(report: report.rhythm, timeZone: timeZone)
        // Someone who trains only rhythm gets its part at the top, not under empty pitch charts.
        if report.isEmpty && !report.rhythm.isEmpty {
            let total = pitchLineHeight + rhythm.height
            var svg = SVGWriter()
            svg.rect(x: 0, y: 0, width: width, height: total, fill: "white")
            svg.text("Peach · your pitch profile", x: margin, y: 36, size: 22, weight: "bold")
            svg.text("No pitch training yet: train a few sessions (peach train), then draw this again.",
                     x: margin, y: 58, size: 13, fill: SVGStyle.muted)
            rhythm.draw(&svg, left: margin, right: width - margin, top: pitchLineHeight)
            return svg.document(width: width, height: total, title: "Peach profile")
        }
        let history = report.thresholdHistory()
        let total = height + rhythm.height
        var svg = SVGWriter()
        svg.rect(x: 0, y: 0, width: width, height: total, fill: "white")
        header(report, history, timeZone, &svg)
        let axisValues = Self.axisValues(report, history)
        SVGSummaryCards(report: report).draw(&svg, left: margin, right: width - margin, top: 74, bottom: 170)
        SVGTimelinePanel.drawAll(history, report: report, values: axisValues, timeZone: timeZone, &svg,
                                 left: margin, right: width - margin, top: 194)
        svg.open("registers")
        SVGRegisterPanel(report: report).draw(&svg, values: axisValues, left: margin, right: width - margin, top: 656)
        svg.close()
        SVGLegend.draw(report, &svg, left: margin, top: 1004)
        svg.open("intervals")
        SVGIntervalPanel(report: report).draw(&svg, values: axisValues, left: margin, right: width - margin, top: 1084 + 24)
        svg.close()
        svg.open("windows")
        SVGWindowTrend(report: report).draw(&svg, left: margin, right: width - margin, top: 1084 + 24 + intervalsHeight)
        svg.close()
        rhythm.draw(&svg, left: margin, right: width - margin, top: height)
        return svg.document(width: width, height: total, title: "Peach profile")
    }

    /// The pitch part's height when it is only its title and one line.
    static let pitchLineHeight = 70.0

    private static func header(_ report: ProfileReport, _ history: ThresholdHistory, _ timeZone: TimeZone,
                               _ svg: inout SVGWriter) {
        svg.text("Peach · your pitch profile", x: margin, y: 36, size: 22, weight: "bold")
        guard let first = history.sessions.first, let last = history.sessions.last else {
            svg.text("No training yet: train a few sessions (peach train), then draw this again.",
                     x: margin, y: 58, size: 13, fill: SVGStyle.muted)
            return
        }
        let trials = history.sessions.reduce(0) { $0 + $1.trials }
        let sessions = history.sessions.reduce(0) { $0 + $1.sessions }
        let dates = SessionDateLabels(timeZone: timeZone)
        let (from, to) = (dates.text(first.start, withYear: true), dates.text(last.start, withYear: true))
        let span = from == to ? from : from + " – " + to
        svg.text("\(trials) trials in \(sessions) session\(sessions == 1 ? "" : "s"), \(span) (\(timeZone.identifier))",
                 x: margin, y: 58, size: 13, fill: SVGStyle.muted)
    }

    /// Every cent value the figure draws, so one axis holds them all.
    private static func axisValues(_ report: ProfileReport, _ history: ThresholdHistory) -> [Double] {
        let estimates = history.points.values.flatMap { $0.map(\.estimate) }
            + report.thresholds.disciplines.values.flatMap { [$0.estimate] + $0.registers.compactMap(\.estimate) }
            + report.intervals.values.flatMap { $0.compactMap(\.estimate) }
        return estimates.flatMap { [$0.cents, $0.lower, $0.upper].compactMap { $0 } }
            + TrainingDiscipline.allCases.map(\.expertBaseline)
    }
}
