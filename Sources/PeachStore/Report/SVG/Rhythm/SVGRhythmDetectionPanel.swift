import PeachCore

/// Offset detection at one tempo over time: each side's threshold after every session, early
/// and late side by side at each session (a dot, a whisker for the 95 % interval), a line
/// joining a side's estimates. Lower is finer.
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
        let axis = LinearPercentAxis(largest: largest, signed: false, top: plot.top, bottom: plot.bottom)
        grid(&svg, axis)
        for (direction, color, shift) in [(RhythmDirection.early, SVGRhythmStyle.early, -3.0),
                                          (.late, SVGRhythmStyle.late, 3.0)] {
            side(&svg, axis, direction: direction, color: color, shift: slots.width >= 12 ? shift : 0)
        }
        slots.dates(&svg, bottom: plot.bottom)
    }

    /// "early 4.1 %   late 6.0 %" in the sides' colours under the title: the legend too.
    private func current(_ svg: inout SVGWriter, _ tempo: RhythmReport.DetectionTempo, y: Double) {
        let early = "now early " + (tempo.early.threshold.map(RhythmEstimateText.value) ?? "–")
        let late = "late " + (tempo.late.threshold.map(RhythmEstimateText.value) ?? "–")
        svg.text(early, x: slots.left - 58, y: y, size: 11.5, fill: SVGRhythmStyle.early, weight: "bold")
        svg.text(late, x: slots.left - 58 + Double(early.count) * 7.2 + 14, y: y, size: 11.5, fill: SVGRhythmStyle.late,
                 weight: "bold")
    }

    /// The largest value worth showing: the estimates' intervals, but no more than two and a half
    /// times the largest estimate (a wide interval of an early session runs off the top rather
    /// than squeezing every later one), and within the 50 % a trial can be off.
    private var largest: Double {
        let estimates = points.flatMap { [$0.early, $0.late].compactMap { $0 } }
        let values = estimates.compactMap(\.cents)
        let bounds = estimates.flatMap { [$0.lower, $0.upper].compactMap { $0 } }
        let top = min(bounds.max() ?? 5, 2.5 * (values.max() ?? 20))
        return min(max(top, values.max() ?? 0), RhythmKazezStrategy.maximum)
    }

    private func grid(_ svg: inout SVGWriter, _ axis: LinearPercentAxis) {
        svg.open("ticks")
        defer { svg.close() }
        for tick in axis.ticks {
            svg.line(slots.left, axis.y(tick), slots.right, axis.y(tick), stroke: tick == 0 ? SVGStyle.faint : SVGStyle.grid)
            svg.text(RhythmEstimateText.percent(tick), x: slots.left - 5, y: axis.y(tick) + 3.5, size: 9.5,
                     fill: SVGStyle.muted, anchor: "end")
        }
    }

    private func side(_ svg: inout SVGWriter, _ axis: LinearPercentAxis, direction: RhythmDirection, color: String,
                      shift: Double) {
        svg.open(direction.rawValue)
        defer { svg.close() }
        let estimates = points.compactMap { point in
            (direction == .early ? point.early : point.late).map { (x: slots.x(point.session) + shift, estimate: $0) }
        }.filter { RhythmEstimateText.isInformative($0.estimate) }
        var line: [(x: Double, y: Double)] = []
        for (x, estimate) in estimates {
            if let value = estimate.cents, estimate.kind == .interval {
                line.append((x, axis.y(value)))
            } else {
                if line.count > 1 { svg.polyline(line, stroke: color, width: 1.6) }
                line = []
            }
        }
        if line.count > 1 { svg.polyline(line, stroke: color, width: 1.6) }
        for (x, estimate) in estimates {
            switch estimate.kind {
            case .interval:
                guard let value = estimate.cents else { continue }
                svg.line(x, axis.y(estimate.upper ?? axis.high), x, axis.y(estimate.lower ?? axis.low),
                         stroke: SVGStyle.tint(color, 0.45), width: 1.4)
                svg.circle(x: x, y: axis.y(value), radius: slots.width >= 8 ? 2.8 : 2, fill: color)
            case .below:
                guard let upper = estimate.upper else { continue }
                triangle(&svg, x: x, y: axis.y(upper), pointsDown: true, color: color)
            case .above:
                guard let lower = estimate.lower else { continue }
                triangle(&svg, x: x, y: axis.y(lower), pointsDown: false, color: color)
            case .unresolved:
                continue
            }
        }
    }

    private func triangle(_ svg: inout SVGWriter, x: Double, y: Double, pointsDown: Bool, color: String) {
        let size = 4.0
        svg.polygon([(x - size, y), (x + size, y), (x, pointsDown ? y + size : y - size)], fill: color)
    }
}
