import PeachCore

/// Matching at one tempo over time: where the taps land after every session, the line their
/// mean (late above the beat, early below), the band ±1 SD around it.
struct SVGRhythmMatchingPanel {
    let tempo: RhythmReport.MatchingTempo?
    let points: [RhythmHistory.MatchingPoint]
    let slots: SVGRhythmSlots

    func draw(_ svg: inout SVGWriter, titleY: Double, plot: (top: Double, bottom: Double)) {
        svg.open("matching")
        defer { svg.close() }
        svg.text("Matching: where your taps land", x: slots.left - 58, y: titleY, size: 12.5, weight: "bold")
        guard let tempo, !points.isEmpty else {
            svg.text("no matching at this tempo yet", x: (slots.left + slots.right) / 2,
                     y: (plot.top + plot.bottom) / 2, size: 12, fill: SVGStyle.muted, anchor: "middle")
            return
        }
        svg.text("now \(SixteenthPercentText.text(percent: tempo.fit.bias)) on average, spread "
                 + RhythmEstimateText.value(tempo.fit.spread), x: slots.left - 58, y: titleY + 15, size: 11.5,
                 fill: SVGRhythmStyle.taps, weight: "bold")
        let largest = points.map { abs($0.fit.bias) + ($0.fit.spread.cents ?? $0.fit.spread.upper ?? 0) }.max() ?? 5
        let axis = LinearPercentAxis(largest: min(largest, 50), signed: true, top: plot.top, bottom: plot.bottom)
        grid(&svg, axis)
        band(&svg, axis)
        let line = points.map { (x: slots.x($0.session), y: axis.y($0.fit.bias)) }
        if line.count > 1 { svg.polyline(line, stroke: SVGRhythmStyle.taps, width: 2) }
        for point in line {
            svg.circle(x: point.x, y: point.y, radius: slots.width >= 8 ? 2.8 : 2, fill: SVGRhythmStyle.taps)
        }
        slots.sessionAxis(&svg, top: plot.top, bottom: plot.bottom)
    }

    /// "10 % late" above the beat, "10 % early" below; the beat itself a darker line.
    private func grid(_ svg: inout SVGWriter, _ axis: LinearPercentAxis) {
        svg.open("ticks")
        defer { svg.close() }
        for tick in axis.ticks {
            let y = axis.y(tick)
            svg.line(slots.left, y, slots.right, y, stroke: tick == 0 ? SVGStyle.faint : SVGStyle.grid)
            svg.text(tick == 0 ? "on beat" : SixteenthPercentText.text(percent: tick), x: slots.left - 5, y: y + 3.5,
                     size: 9.5, fill: SVGStyle.muted, anchor: "end")
        }
    }

    /// Mean ± SD across the sessions: a polygon, or a narrow bar for a single session.
    private func band(_ svg: inout SVGWriter, _ axis: LinearPercentAxis) {
        func spread(_ point: RhythmHistory.MatchingPoint) -> Double { point.fit.spread.cents ?? 0 }
        if points.count == 1, let point = points.first {
            let width = min(slots.width * 0.8, 12)
            let top = axis.y(point.fit.bias + spread(point)), bottom = axis.y(point.fit.bias - spread(point))
            svg.rect(x: slots.x(point.session) - width / 2, y: top, width: width, height: bottom - top,
                     fill: SVGRhythmStyle.tapBand)
            return
        }
        let upper = points.map { (x: slots.x($0.session), y: axis.y($0.fit.bias + spread($0))) }
        let lower = points.reversed().map { (x: slots.x($0.session), y: axis.y($0.fit.bias - spread($0))) }
        svg.polygon(upper + lower, fill: SVGRhythmStyle.tapBand)
    }
}
