import PeachCore

/// Offset detection at one tempo over time, drawn as the pitch panels are: x is the session
/// order, and each side of the beat has a strip of its own (early above, late below) with its
/// 95 % interval as a band and its estimate as a line, so the two never cross each other.
/// Sessions where a side has only a one-sided bound get a small open mark at the bound. Lower
/// is finer.
struct SVGRhythmDetectionPanel {
    let tempo: RhythmReport.DetectionTempo?
    let points: [RhythmHistory.DetectionPoint]
    let slots: SVGRhythmSlots

    func draw(_ svg: inout SVGWriter, titleY: Double, plot: (top: Double, bottom: Double)) {
        svg.open("detection")
        defer { svg.close() }
        svg.text("Offset detection: the offset you hear", x: slots.left - 58, y: titleY, size: 12.5, weight: "bold")
        guard let tempo, !points.isEmpty else {
            svg.text("no offset detection at this tempo yet", x: (slots.left + slots.right) / 2,
                     y: (plot.top + plot.bottom) / 2, size: 12, fill: SVGStyle.muted, anchor: "middle")
            return
        }
        current(&svg, tempo, y: titleY + 15)
        if !points.contains(where: { point in
            [point.early, point.late].contains { $0.map(RhythmEstimateText.isInformative) ?? false }
        }) {
            svg.text("not known yet: a few more trials", x: (slots.left + slots.right) / 2,
                     y: (plot.top + plot.bottom) / 2, size: 12, fill: SVGStyle.muted, anchor: "middle")
        }
        let gap = 22.0
        let middle = (plot.top + plot.bottom) / 2
        for (direction, color, strip) in [(RhythmDirection.early, SVGRhythmStyle.early, (plot.top, middle - gap / 2)),
                                          (.late, SVGRhythmStyle.late, (middle + gap / 2, plot.bottom))] {
            let axis = LinearPercentAxis(largest: largest, signed: false, top: strip.0, bottom: strip.1)
            svg.open(direction.rawValue)
            grid(&svg, axis)
            svg.text(direction.rawValue, x: slots.right - 4, y: strip.0 + 10, size: 10, fill: color, weight: "bold",
                     anchor: "end")
            side(&svg, axis, direction: direction, color: color)
            svg.close()
        }
        slots.sessionAxis(&svg, top: plot.top, bottom: plot.bottom)
    }

    /// "early 4.1 %   late 6.0 %" in the sides' colours under the title: the legend too.
    private func current(_ svg: inout SVGWriter, _ tempo: RhythmReport.DetectionTempo, y: Double) {
        let early = "now early " + (tempo.early.threshold.map(RhythmEstimateText.value) ?? "–")
        let late = "late " + (tempo.late.threshold.map(RhythmEstimateText.value) ?? "–")
        svg.text(early, x: slots.left - 58, y: y, size: 11.5, fill: SVGRhythmStyle.early, weight: "bold")
        svg.text(late, x: slots.left - 58 + Double(early.count) * 7.2 + 14, y: y, size: 11.5, fill: SVGRhythmStyle.late,
                 weight: "bold")
    }

    private var largest: Double {
        LinearPercentAxis.largest(showing: points.flatMap { [$0.early, $0.late].compactMap { $0 } })
    }

    /// Lines at 0, the middle and the top of the strip, the ends labelled: enough to read a value
    /// at a glance without the labels of two strips running into each other.
    private func grid(_ svg: inout SVGWriter, _ axis: LinearPercentAxis) {
        svg.open("ticks")
        defer { svg.close() }
        for tick in [axis.low, (axis.low + axis.high) / 2, axis.high] {
            svg.line(slots.left, axis.y(tick), slots.right, axis.y(tick), stroke: tick == 0 ? SVGStyle.faint : SVGStyle.grid)
        }
        for tick in [axis.low, axis.high] {
            svg.text(RhythmEstimateText.percent(tick), x: slots.left - 5, y: axis.y(tick) + 3.5, size: 9.5,
                     fill: SVGStyle.muted, anchor: "end")
        }
    }

    /// The side's band and line through the sessions with an estimate, broken where a session
    /// has only a bound (an open mark there) or nothing to go on.
    private func side(_ svg: inout SVGWriter, _ axis: LinearPercentAxis, direction: RhythmDirection, color: String) {
        let estimates = points.compactMap { point in
            (direction == .early ? point.early : point.late).map { (x: slots.x(point.session), estimate: $0) }
        }.filter { RhythmEstimateText.isInformative($0.estimate) }
        var run: [(x: Double, value: Double, lower: Double, upper: Double)] = []
        func flush() {
            defer { run = [] }
            guard !run.isEmpty else { return }
            let half = min(slots.width * 0.4, 6)
            let upper = run.count == 1 ? [(run[0].x - half, axis.y(run[0].upper)), (run[0].x + half, axis.y(run[0].upper))]
                : run.map { ($0.x, axis.y($0.upper)) }
            let lower = run.count == 1 ? [(run[0].x + half, axis.y(run[0].lower)), (run[0].x - half, axis.y(run[0].lower))]
                : run.reversed().map { ($0.x, axis.y($0.lower)) }
            svg.polygon(upper + lower, fill: SVGStyle.tint(color, SVGStyle.bandStrength))
            if run.count > 1 { svg.polyline(run.map { ($0.x, axis.y($0.value)) }, stroke: color, width: 1.8) }
            for point in run { svg.circle(x: point.x, y: axis.y(point.value), radius: slots.width >= 8 ? 2.6 : 1.8, fill: color) }
        }
        for (x, estimate) in estimates {
            if estimate.kind == .interval, let value = estimate.cents {
                run.append((x, value, estimate.lower ?? axis.low, estimate.upper ?? axis.high))
                continue
            }
            flush()
            let bound = estimate.kind == .below ? estimate.upper : estimate.lower
            guard let bound else { continue }
            // An open tick at the bound, pointing the way the threshold may still lie.
            let y = axis.y(bound)
            let size = 3.5
            let tip = estimate.kind == .below ? y + size : y - size
            svg.polyline([(x - size, y), (x, tip), (x + size, y)], stroke: SVGStyle.tint(color, 0.6), width: 1.2)
        }
        flush()
    }
}
