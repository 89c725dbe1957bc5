import Foundation
import PeachCore

/// `peach profile --svg FILE`: a standalone SVG 1.1 document. Top: the comparison threshold
/// per reference note over a piano keyboard. Bottom: each discipline's EWMA over time, with
/// its expert baseline dashed.
public enum ProfileSVG {
    static let width = 960.0
    static let height = 700.0
    static let left = 70.0
    static let right = 930.0
    static let colors: [TrainingDiscipline: String] = [
        .unisonComparison: "#d9480f", .intervalComparison: "#1c7ed6",
        .unisonMatching: "#2b8a3e", .intervalMatching: "#862e9c",
    ]

    public static func render(_ report: ProfileReport) -> String {
        var svg = SVGWriter()
        svg.add("<rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"white\"/>")
        svg.text("Peach perceptual profile", x: left, y: 28, size: 18, weight: "bold")
        thresholdPanel(report, &svg, top: 60, bottom: 330)
        timelinePanel(report, &svg, top: 400, bottom: 640)
        legend(&svg, y: 680)
        return svg.document(width: width, height: height)
    }

    // MARK: - Thresholds over a keyboard

    private static func thresholdPanel(_ report: ProfileReport, _ svg: inout SVGWriter, top: Double, bottom: Double) {
        svg.text("Comparison threshold by reference note (mean |cent offset| of correct answers)", x: left, y: top - 12, size: 13)
        let all = report.thresholdsByNote.values.flatMap { $0 }
        let notes = all.map(\.note.rawValue)
        // Whole octaves around the trained notes; the default range when there is none.
        let low = ((notes.min() ?? 36) / 12) * 12
        let high = min(127, ((notes.max() ?? 84) / 12) * 12 + 11)
        let keyboardTop = bottom - 50
        let whites = (low...high).filter { !isBlack($0) }
        let whiteWidth = (right - left) / Double(whites.count)
        var centers: [Int: Double] = [:]
        for (index, note) in whites.enumerated() {
            let x = left + Double(index) * whiteWidth
            centers[note] = x + whiteWidth / 2
            svg.add("<rect x=\"\(f(x))\" y=\"\(f(keyboardTop))\" width=\"\(f(whiteWidth))\" height=\"50\" fill=\"white\" stroke=\"#555\"/>")
            if note % 12 == 0, let name = (try? MIDINote(note))?.name {
                svg.text(name, x: x + 2, y: bottom + 14, size: 10)
            }
        }
        for note in (low...high) where isBlack(note) {
            guard let previous = centers[note - 1] else { continue }
            let x = previous + whiteWidth / 2
            centers[note] = x
            svg.add("<rect x=\"\(f(x - whiteWidth * 0.3))\" y=\"\(f(keyboardTop))\" width=\"\(f(whiteWidth * 0.6))\" height=\"30\" fill=\"#222\"/>")
        }
        let plotBottom = keyboardTop - 10
        guard !all.isEmpty else {
            svg.text("no comparison data yet", x: left + 10, y: (top + plotBottom) / 2, size: 13, fill: "#888")
            return
        }
        let maximum = niceCeiling(all.map(\.meanCents).max()!)
        yAxis(&svg, top: top, bottom: plotBottom, maximum: maximum)
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            guard let thresholds = report.thresholdsByNote[discipline] else { continue }
            let points = thresholds.compactMap { threshold in
                centers[threshold.note.rawValue].map { ($0, plotBottom - threshold.meanCents / maximum * (plotBottom - top)) }
            }
            series(&svg, points, color: colors[discipline]!)
        }
    }

    // MARK: - EWMA over time

    private static func timelinePanel(_ report: ProfileReport, _ svg: inout SVGWriter, top: Double, bottom: Double) {
        svg.text("EWMA per discipline over time (cents; dashed: expert baseline)", x: left, y: top - 12, size: 13)
        let points = report.timelines.values.flatMap { $0 }
        guard let first = points.map(\.time).min(), let last = points.map(\.time).max() else {
            svg.text("no training data yet", x: left + 10, y: (top + bottom) / 2, size: 13, fill: "#888")
            return
        }
        let start = first.timeIntervalSince1970
        let span = max(last.timeIntervalSince1970 - start, 60)
        let disciplines = TrainingDiscipline.allCases.filter { report.timelines[$0] != nil }
        let maximum = niceCeiling(max(points.map(\.ewma).max()!, disciplines.map(\.expertBaseline).max()!))
        yAxis(&svg, top: top, bottom: bottom, maximum: maximum)
        svg.add("<line x1=\"\(f(left))\" y1=\"\(f(bottom))\" x2=\"\(f(right))\" y2=\"\(f(bottom))\" stroke=\"#555\"/>")
        svg.text(day(first), x: left, y: bottom + 16, size: 10)
        svg.text(day(last), x: right, y: bottom + 16, size: 10, anchor: "end")
        func y(_ cents: Double) -> Double { bottom - cents / maximum * (bottom - top) }
        for discipline in disciplines {
            let color = colors[discipline]!
            let baseline = y(discipline.expertBaseline)
            svg.add("<line x1=\"\(f(left))\" y1=\"\(f(baseline))\" x2=\"\(f(right))\" y2=\"\(f(baseline))\" stroke=\"\(color)\" stroke-dasharray=\"4 4\" stroke-opacity=\"0.6\"/>")
            let line = report.timelines[discipline]!.map { point in
                (left + (point.time.timeIntervalSince1970 - start) / span * (right - left), y(point.ewma))
            }
            series(&svg, line, color: color)
        }
    }

    private static func legend(_ svg: inout SVGWriter, y: Double) {
        var x = left
        for discipline in TrainingDiscipline.allCases {
            svg.add("<rect x=\"\(f(x))\" y=\"\(f(y - 10))\" width=\"12\" height=\"12\" fill=\"\(colors[discipline]!)\"/>")
            svg.text(ProfileReport.title(of: discipline), x: x + 18, y: y, size: 12)
            x += 200
        }
    }

    // MARK: - Pieces

    private static func series(_ svg: inout SVGWriter, _ points: [(Double, Double)], color: String) {
        let list = points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
        svg.add("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
        for (x, y) in points {
            svg.add("<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\" fill=\"\(color)\"/>")
        }
    }

    private static func yAxis(_ svg: inout SVGWriter, top: Double, bottom: Double, maximum: Double) {
        svg.add("<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(bottom))\" stroke=\"#555\"/>")
        for fraction in [0.0, 0.5, 1.0] {
            let y = bottom - fraction * (bottom - top)
            svg.add("<line x1=\"\(f(left - 4))\" y1=\"\(f(y))\" x2=\"\(f(right))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>")
            svg.text(String(format: "%g c", maximum * fraction), x: left - 8, y: y + 4, size: 10, anchor: "end")
        }
    }

    private static func isBlack(_ note: Int) -> Bool { [1, 3, 6, 8, 10].contains(note % 12) }

    /// 1, 2 or 5 times a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value } ?? 10 * power
    }

    private static func day(_ date: Date) -> String {
        String(RecordTimestamp.text(of: date).prefix(10))
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// Collects SVG elements; escapes every text it is given.
struct SVGWriter {
    private var elements: [String] = []

    mutating func add(_ element: String) { elements.append(element) }

    mutating func text(_ content: String, x: Double, y: Double, size: Int, weight: String = "normal",
                       fill: String = "#222", anchor: String = "start") {
        elements.append("<text x=\"\(String(format: "%.1f", x))\" y=\"\(String(format: "%.1f", y))\" font-family=\"sans-serif\" "
                        + "font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\">"
                        + Self.escaped(content) + "</text>")
    }

    func document(width: Double, height: Double) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">

        """ + elements.map { "  " + $0 }.joined(separator: "\n") + "\n</svg>\n"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
