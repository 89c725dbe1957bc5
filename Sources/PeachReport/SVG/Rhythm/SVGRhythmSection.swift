import Foundation
import PeachCore

/// The rhythm part of `peach profile --svg`, under the pitch part: the estimates per tempo band
/// and side (`SVGRhythmBandPanel`, what the text leads with), then a row per tempo (the four
/// most trained), offset detection's threshold per side on the left and where the matching
/// taps land on the right, each after every session with rhythm trials. Every figure is in
/// percent of a sixteenth note at the row's tempo. Without rhythm records, one line says so.
struct SVGRhythmSection {
    let report: RhythmReport
    let timeZone: TimeZone

    static let maximumRows = 4
    static let headerHeight = 64.0
    static let rowHeight = 246.0
    static let legendHeight = 71.0
    static let emptyHeight = 36.0

    /// The tempos drawn: the most trained ones, slowest first.
    var rows: [TempoBPM] {
        let trials = Dictionary(report.detection.map { ($0.tempo, $0.trials) } + report.matching.map { ($0.tempo, $0.taps) },
                                uniquingKeysWith: +)
        return trials.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(Self.maximumRows).map(\.key).sorted()
    }

    var height: Double {
        guard !report.isEmpty else { return Self.emptyHeight }
        let more = report.tempos.count > rows.count ? 18.0 : 0
        return Self.headerHeight + SVGRhythmBandPanel.height + Double(rows.count) * Self.rowHeight + more
            + Self.legendHeight
    }

    func draw(_ svg: inout SVGWriter, left: Double, right: Double, top: Double) {
        svg.open("rhythm")
        defer { svg.close() }
        svg.line(left, top + 4, right, top + 4, stroke: SVGStyle.grid)
        guard !report.isEmpty else {
            svg.text(RhythmProfileText.empty, x: left, y: top + 26, size: 13, fill: SVGStyle.muted)
            return
        }
        header(&svg, left: left, top: top)
        SVGRhythmBandPanel(bands: report.bands).draw(&svg, left: left, right: right, top: top + Self.headerHeight)
        var y = top + Self.headerHeight + SVGRhythmBandPanel.height
        let gutter = 24.0
        let width = (right - left - gutter) / 2
        for tempo in rows {
            svg.open("tempo \(tempo.value)")
            let title = "\(tempo.value) BPM"
            svg.text(title, x: left, y: y + 16, size: 15, weight: "bold")
            svg.text("a sixteenth lasts \(Self.milliseconds(tempo.sixteenthMilliseconds)) ms",
                     x: left + Double(title.count) * 10 + 8, y: y + 16, size: 11, fill: SVGStyle.muted)
            let plot = (top: y + 64, bottom: y + Self.rowHeight - 34)
            SVGRhythmDetectionPanel(tempo: report.detection.first { $0.tempo == tempo },
                                    points: report.history.detection[tempo] ?? [],
                                    slots: slots(left: left + 58, right: left + width))
                .draw(&svg, titleY: y + 38, plot: plot)
            SVGRhythmMatchingPanel(tempo: report.matching.first { $0.tempo == tempo },
                                   points: report.history.matching[tempo] ?? [],
                                   slots: slots(left: left + width + gutter + 58, right: right))
                .draw(&svg, titleY: y + 38, plot: plot)
            svg.close()
            y += Self.rowHeight
        }
        let others = report.tempos.filter { !rows.contains($0) }
        if !others.isEmpty {
            svg.text("Also trained at " + others.map { "\($0.value)" }.joined(separator: ", ")
                     + " BPM: peach profile lists every tempo.", x: left, y: y + 4, size: 11, fill: SVGStyle.muted)
            y += 18
        }
        legend(&svg, left: left, top: y + 14)
    }

    private func slots(left: Double, right: Double) -> SVGRhythmSlots {
        SVGRhythmSlots(sessions: report.history.sessions, left: left, right: right, timeZone: timeZone)
    }

    private func header(_ svg: inout SVGWriter, left: Double, top: Double) {
        svg.text("Peach · your rhythm profile", x: left, y: top + 32, size: 20, weight: "bold")
        let sessions = report.history.sessions
        guard let first = sessions.first, let last = sessions.last else { return }
        let trials = sessions.reduce(0) { $0 + $1.trials }
        let sittings = sessions.reduce(0) { $0 + $1.sessions }
        let dates = SessionDateLabels(timeZone: timeZone)
        let (from, to) = (dates.text(first.start, withYear: true), dates.text(last.start, withYear: true))
        svg.text("\(RhythmProfileText.count(trials, "trial")) in \(RhythmProfileText.count(sittings, "session")), "
                 + (from == to ? from : from + " – " + to) + " · every figure in percent of a sixteenth note at its tempo",
                 x: left, y: top + 52, size: 13, fill: SVGStyle.muted)
    }

    private func legend(_ svg: inout SVGWriter, left: Double, top: Double) {
        let notes = [
            "By tempo band: the tempos of a band pooled, each figure with its 95 % interval (the band), shown from "
                + "\(RhythmBands.minimumTrials) trials on.",
            "Offset detection: the offset you answer right 75 % of the time, each side (early above, late below) fitted to",
            "every answer on it; the line is the estimate after each session, the band its 95 % interval, "
                + "an open mark only an upper / a lower bound.",
            "Matching: the line is where your taps land on average, the band ±1 SD around it (about two taps in three).",
        ]
        for (index, note) in notes.enumerated() {
            svg.text(note, x: left, y: top + Double(index) * 15, size: 10.5, fill: SVGStyle.muted)
        }
    }

    static func milliseconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// The x of each rhythm session in one panel (the same order in every row, so rows line up in
/// time), the breaks of a week or more, and the dates beneath: the pitch panels' session axis.
struct SVGRhythmSlots {
    let sessions: [RhythmHistory.Session]
    let left: Double
    let right: Double
    let timeZone: TimeZone

    var width: Double { (right - left) / Double(max(1, sessions.count)) }

    func x(_ session: Int) -> Double { left + (Double(session) + 0.5) * width }

    /// The x axis as the pitch panels draw theirs: the session order, a dotted line and its length
    /// at every break of a week or more, the dates beneath.
    func sessionAxis(_ svg: inout SVGWriter, top: Double, bottom: Double) {
        svg.open("gaps")
        for index in sessions.indices.dropFirst() {
            let days = sessions[index].start.timeIntervalSince(sessions[index - 1].end) / 86_400
            guard days * 86_400 >= ThresholdHistory.longGap else { continue }
            let gapX = (x(index - 1) + x(index)) / 2
            svg.line(gapX, top, gapX, bottom, stroke: SVGStyle.faint, dash: "2 3")
            svg.text("\(Int(days)) days", x: gapX + 3, y: top + 9, size: 9, fill: SVGStyle.muted)
        }
        svg.close()
        dates(&svg, bottom: bottom)
    }

    private func dates(_ svg: inout SVGWriter, bottom: Double) {
        svg.open("dates")
        defer { svg.close() }
        let labels = SessionDateLabels(timeZone: timeZone).labels(
            dates: sessions.map(\.start), xs: sessions.indices.map(x), spacing: 64)
        for label in labels {
            svg.line(label.x, bottom, label.x, bottom + 4, stroke: SVGStyle.faint)
            svg.text(label.text, x: label.x, y: bottom + 15, size: 9.5, fill: SVGStyle.muted, anchor: "middle")
        }
    }
}
