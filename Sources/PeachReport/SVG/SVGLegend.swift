import PeachCore

/// What the colours and marks mean, and what the figures are, in a few words.
enum SVGLegend {
    static let height = 80.0

    static func draw(_ report: ProfileReport, _ svg: inout SVGWriter, left: Double, top: Double) {
        var x = left
        for discipline in TrainingDiscipline.allCases {
            svg.rect(x: x, y: top - 10, width: 12, height: 12, fill: SVGStyle.color(discipline))
            svg.text(ProfileReport.title(of: discipline), x: x + 17, y: top, size: 11.5)
            x += 150
        }
        let marks = top + 22
        x = left
        svg.rect(x: x, y: marks - 10, width: 18, height: 12, fill: SVGStyle.tint(SVGStyle.muted, SVGStyle.bandStrength))
        svg.text("95 % interval", x: x + 23, y: marks, size: 11)
        x += 112
        svg.line(x, marks - 4, x + 18, marks - 4, stroke: SVGStyle.muted, width: 2)
        svg.circle(x: x + 9, y: marks - 4, radius: 2.8, fill: SVGStyle.muted)
        svg.text("estimate", x: x + 23, y: marks, size: 11)
        x += 86
        svg.line(x, marks - 4, x + 18, marks - 4, stroke: SVGStyle.muted, width: 1.2, dash: "6 4")
        svg.text("expert baseline", x: x + 23, y: marks, size: 11)
        x += 122
        svg.polygon([(x + 3, marks - 8), (x + 13, marks - 8), (x + 8, marks - 2)], fill: SVGStyle.muted)
        svg.polygon([(x + 17, marks - 2), (x + 27, marks - 2), (x + 22, marks - 8)], fill: SVGStyle.muted)
        svg.text("only an upper / a lower bound so far", x: x + 33, y: marks, size: 11)
        x += 250
        svg.rect(x: x, y: marks - 10, width: 18, height: 12, fill: "white", stroke: SVGStyle.faint, dashed: true)
        svg.text("not enough data (under \(ThresholdProfile.minimumTrialsPerRegister) trials)", x: x + 23, y: marks,
                 size: 11)
        let notes = [
            "Threshold: the difference you answer right 75 % of the time, fitted to every answer, right and wrong,",
            "recent ones counting more. Spread: how far your pitch matches scatter (SD). Cent axes are logarithmic.",
        ]
        for (index, note) in notes.enumerated() {
            svg.text(note, x: left, y: marks + 22 + Double(index) * 15, size: 10.5, fill: SVGStyle.muted)
        }
    }
}
