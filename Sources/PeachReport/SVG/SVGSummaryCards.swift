import Foundation
import PeachCore

/// The five-second read: per discipline, where the listener stands now (the estimate from every
/// trial, large), its 95 % interval, and the expert baseline to compare it with.
struct SVGSummaryCards {
    let report: ProfileReport

    func draw(_ svg: inout SVGWriter, left: Double, right: Double, top: Double, bottom: Double) {
        let gap = 12.0
        let disciplines = TrainingDiscipline.allCases
        let width = (right - left - gap * Double(disciplines.count - 1)) / Double(disciplines.count)
        for (index, discipline) in disciplines.enumerated() {
            let x = left + Double(index) * (width + gap)
            svg.open("card \(discipline.rawValue)")
            card(discipline, &svg, x: x, width: width, top: top, bottom: bottom)
            svg.close()
        }
    }

    private func card(_ discipline: TrainingDiscipline, _ svg: inout SVGWriter, x: Double, width: Double,
                      top: Double, bottom: Double) {
        let color = SVGStyle.color(discipline)
        svg.rect(x: x, y: top, width: width, height: bottom - top, fill: "#f8f9fa")
        svg.rect(x: x, y: top, width: 5, height: bottom - top, fill: color)
        let textX = x + 14
        svg.text(ProfileReport.title(of: discipline), x: textX, y: top + 18, size: 13, fill: color, weight: "bold")
        svg.text(SVGStyle.measure(discipline), x: textX, y: top + 32, size: 10, fill: SVGStyle.muted)
        let baseline = "expert \(centsText(discipline.expertBaseline)) c"
        guard let threshold = report.thresholds.disciplines[discipline] else {
            svg.text("no trials yet", x: textX, y: top + 60, size: 16, fill: SVGStyle.muted)
            svg.text(baseline, x: textX, y: bottom - 8, size: 10.5, fill: SVGStyle.muted)
            return
        }
        let estimate = threshold.estimate
        let (headline, detail) = Self.lines(estimate)
        svg.text(headline, x: textX, y: top + 60, size: estimate.kind == .unresolved ? 16 : 24, fill: SVGStyle.ink,
                 weight: "bold")
        svg.text(detail, x: textX, y: top + 76, size: 10.5, fill: SVGStyle.muted)
        if let change = report.weeklyChange[discipline] {
            // Beside the large figure, where the eye already is; the same numbers as the text's.
            let (text, better) = Self.change(change, estimate)
            let fill = better == true ? "#2b8a3e" : SVGStyle.muted
            svg.text(text, x: textX + Double(headline.count) * 14.5 + 10, y: top + 60, size: 10.5, fill: fill,
                     className: "change")
        }
        svg.text("\(baseline) · \(estimate.trials) trials", x: textX, y: bottom - 8, size: 10.5, fill: SVGStyle.muted)
    }

    /// The change since a week ago ("−2.1 c in a week", "new this week", "a week ago > 69 c") and
    /// whether it is an improvement (nil: not a comparison of two figures).
    static func change(_ change: ProfileReport.WeeklyChange, _ now: ThresholdEstimate) -> (String, Bool?) {
        guard change.trialsThisWeek > 0 else { return ("no trials this week", nil) }
        guard let before = change.weekAgo else { return ("new this week", nil) }
        if before.kind == .interval, now.kind == .interval, let was = before.cents, let latest = now.cents {
            return (String(format: "%+.1f c in a week", latest - was).replacingOccurrences(of: "-", with: "−"), latest < was)
        }
        return ("a week ago " + lines(before).0, nil)
    }

    /// The large figure and its interval: "4.3 c" / "95 %: 3.6–5.2".
    static func lines(_ estimate: ThresholdEstimate) -> (String, String) {
        switch estimate.kind {
        case .interval:
            guard let cents = estimate.cents, let lower = estimate.lower, let upper = estimate.upper else { break }
            return ("\(centsText(cents)) c", "95 %: \(centsText(lower))–\(centsText(upper)) c")
        case .below:
            guard let upper = estimate.upper else { break }
            return ("< \(centsText(upper)) c", "95 %: only an upper bound yet")
        case .above:
            guard let lower = estimate.lower else { break }
            return ("> \(centsText(lower)) c", "95 %: only a lower bound yet")
        case .unresolved:
            break
        }
        return ("not known yet", "")
    }
}
