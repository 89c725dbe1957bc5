import PeachCore

/// The rhythm items of issue 33 at the top of the rhythm part, the figures `peach profile`'s
/// "Rhythm by tempo band" lines give: per tempo band, offset detection's threshold on each side
/// (early, late) and where the matching taps land, each with its 95 % interval, or "not enough
/// data yet" and the trial count below `RhythmBands.minimumTrials`, as the pitch registers do.
struct SVGRhythmBandPanel {
    let bands: RhythmBands

    static let height = 262.0
    static let plotHeight = 130.0

    func draw(_ svg: inout SVGWriter, left: Double, right: Double, top: Double) {
        svg.open("bands")
        defer { svg.close() }
        svg.text("By tempo band: each side of the beat, from its own trials", x: left, y: top + 18, size: 15, weight: "bold")
        let gutter = 24.0
        let half = (right - left - gutter) / 2
        let plot = (top: top + 70, bottom: top + 70 + Self.plotHeight)
        detection(&svg, left: left, right: left + half, titleY: top + 44, plot: plot)
        matching(&svg, left: left + half + gutter, right: right, titleY: top + 44, plot: plot)
    }

    // MARK: offset detection

    private func detection(_ svg: inout SVGWriter, left: Double, right: Double, titleY: Double,
                           plot: (top: Double, bottom: Double)) {
        svg.text("Offset detection: the offset you hear 75 % of the time", x: left, y: titleY, size: 12.5, weight: "bold")
        svg.text("early", x: left, y: titleY + 15, size: 11.5, fill: SVGRhythmStyle.early, weight: "bold")
        svg.text("late", x: left + 40, y: titleY + 15, size: 11.5, fill: SVGRhythmStyle.late, weight: "bold")
        let plotLeft = left + 40
        guard !bands.detection.isEmpty else {
            svg.text("no offset detection yet", x: (plotLeft + right) / 2, y: (plot.top + plot.bottom) / 2, size: 12,
                     fill: SVGStyle.muted, anchor: "middle")
            return
        }
        let estimates = bands.detection.flatMap { [$0.early.threshold, $0.late.threshold].compactMap { $0 } }
        let axis = LinearPercentAxis(largest: LinearPercentAxis.largest(showing: estimates), signed: false,
                                     top: plot.top, bottom: plot.bottom)
        ticks(&svg, axis, left: plotLeft, right: right) { RhythmEstimateText.percent($0) }
        let column = (right - plotLeft) / Double(bands.detection.count)
        for (index, item) in bands.detection.enumerated() {
            let x = plotLeft + Double(index) * column
            svg.open("band detection \(item.band.name)")
            divider(&svg, x: x, plot: plot)
            for (offset, (name, side, color)) in [("early", item.early, SVGRhythmStyle.early),
                                                  ("late", item.late, SVGRhythmStyle.late)].enumerated() {
                let cell = (left: x + column / 2 * (Double(offset) + 0.08), right: x + column / 2 * (Double(offset) + 0.92))
                svg.open(name)
                if let threshold = side.threshold {
                    estimate(&svg, threshold, axis: axis, cell: cell, color: color)
                    count(&svg, "\(side.trials)", x: (cell.left + cell.right) / 2, y: plot.bottom + 14)
                } else {
                    notEnough(&svg, trials: side.trials, cell: cell, plot: plot, noun: nil)
                }
                svg.close()
            }
            bandName(&svg, item.band, x: x + column / 2, y: plot.bottom + 30)
            svg.close()
        }
        svg.text("trials", x: plotLeft - 5, y: plot.bottom + 14, size: 9.5, fill: SVGStyle.muted, anchor: "end")
    }

    /// A two-sided estimate as a band with its value above it ("4.1 %") and its interval's ends
    /// under that; a one-sided one as an open mark at its bound with its words ("below 2.0 %").
    private func estimate(_ svg: inout SVGWriter, _ estimate: ThresholdEstimate, axis: LinearPercentAxis,
                          cell: (left: Double, right: Double), color: String) {
        let middle = (cell.left + cell.right) / 2
        guard RhythmEstimateText.isInformative(estimate) else {
            svg.text("not known yet", x: middle, y: (axis.top + axis.bottom) / 2, size: 9.5, fill: SVGStyle.muted,
                     anchor: "middle")
            return
        }
        let top = axis.y(estimate.upper ?? axis.high), bottom = axis.y(estimate.lower ?? axis.low)
        svg.rect(x: cell.left, y: top, width: cell.right - cell.left, height: bottom - top,
                 fill: SVGStyle.tint(color, SVGStyle.bandStrength), className: "band")
        if estimate.kind == .interval, let value = estimate.cents {
            svg.line(cell.left, axis.y(value), cell.right, axis.y(value), stroke: color, width: 3)
            label(&svg, [RhythmEstimateText.value(estimate), RhythmEstimateText.range(estimate) ?? ""], x: middle, above: top, color: color)
            return
        }
        let bound = estimate.kind == .below ? estimate.upper : estimate.lower
        if let bound {
            let y = axis.y(bound), size = 5.0
            let tip = estimate.kind == .below ? y + size : y - size
            svg.polyline([(middle - size, y), (middle, tip), (middle + size, y)], stroke: color, width: 1.5)
        }
        label(&svg, [RhythmEstimateText.short(estimate)], x: middle, above: top, color: color)
    }

    // MARK: matching

    private func matching(_ svg: inout SVGWriter, left: Double, right: Double, titleY: Double,
                          plot: (top: Double, bottom: Double)) {
        svg.text("Matching: where your taps land", x: left, y: titleY, size: 12.5, weight: "bold")
        svg.text("the mean and its 95 % interval; late above the beat, early below", x: left, y: titleY + 15,
                 size: 11, fill: SVGStyle.muted)
        let plotLeft = left + 58
        guard !bands.matching.isEmpty else {
            svg.text("no matching yet", x: (plotLeft + right) / 2, y: (plot.top + plot.bottom) / 2, size: 12,
                     fill: SVGStyle.muted, anchor: "middle")
            return
        }
        let ends = bands.matching.compactMap(\.bias).flatMap { [abs($0.lowerBound), abs($0.upperBound)] }
        let axis = LinearPercentAxis(largest: min(ends.max() ?? 5, RhythmKazezStrategy.maximum), signed: true,
                                     top: plot.top, bottom: plot.bottom)
        ticks(&svg, axis, left: plotLeft, right: right) { $0 == 0 ? "on beat" : SixteenthPercentText.text(percent: $0) }
        let column = (right - plotLeft) / Double(bands.matching.count)
        for (index, item) in bands.matching.enumerated() {
            let x = plotLeft + Double(index) * column
            let cell = (left: x + column * 0.3, right: x + column * 0.7)
            svg.open("band matching \(item.band.name)")
            divider(&svg, x: x, plot: plot)
            if let fit = item.fit, let bias = item.bias {
                let top = axis.y(bias.upperBound), bottom = axis.y(bias.lowerBound)
                svg.rect(x: cell.left, y: top, width: cell.right - cell.left, height: bottom - top,
                         fill: SVGRhythmStyle.tapBand, className: "band")
                svg.line(cell.left, axis.y(fit.bias), cell.right, axis.y(fit.bias), stroke: SVGRhythmStyle.taps, width: 3)
                label(&svg, side(item, bias), x: x + column / 2, above: top, color: SVGRhythmStyle.taps)
                count(&svg, "\(item.taps) taps · SD " + RhythmEstimateText.value(fit.spread), x: x + column / 2,
                      y: plot.bottom + 14)
            } else {
                notEnough(&svg, trials: item.taps, cell: cell, plot: plot, noun: "taps")
            }
            bandName(&svg, item.band, x: x + column / 2, y: plot.bottom + 30)
            svg.close()
        }
    }

    /// "early by 5.0 %" and "(3.1–6.9)", or "no clear side" and "(−1.2 to +3.0 %)": the text's words.
    private func side(_ item: RhythmBands.Matching, _ bias: ClosedRange<Double>) -> [String] {
        let (lower, upper) = (bias.lowerBound, bias.upperBound)
        let mean = item.fit?.bias ?? 0
        switch item.side {
        case .early:
            return ["early by \(RhythmEstimateText.percent(-mean))",
                    "\(RhythmEstimateText.number(-upper))–\(RhythmEstimateText.number(-lower))"]
        case .late:
            return ["late by \(RhythmEstimateText.percent(mean))",
                    "\(RhythmEstimateText.number(lower))–\(RhythmEstimateText.number(upper))"]
        case nil:
            return ["no clear side", "\(RhythmBandText.signed(lower)) to \(RhythmBandText.signed(upper)) %"]
        }
    }

    // MARK: shared marks

    /// Lines at each tick with its label left of the plot; the beat (0) darker.
    private func ticks(_ svg: inout SVGWriter, _ axis: LinearPercentAxis, left: Double, right: Double,
                       label: (Double) -> String) {
        svg.open("ticks")
        defer { svg.close() }
        for tick in axis.ticks {
            let y = axis.y(tick)
            svg.line(left, y, right, y, stroke: tick == 0 ? SVGStyle.faint : SVGStyle.grid)
            svg.text(label(tick), x: left - 5, y: y + 3.5, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        }
    }

    private func divider(_ svg: inout SVGWriter, x: Double, plot: (top: Double, bottom: Double)) {
        svg.line(x, plot.top, x, plot.bottom + 46, stroke: SVGStyle.grid)
    }

    /// The value in bold over its interval's ends, just above the band.
    private func label(_ svg: inout SVGWriter, _ lines: [String], x: Double, above top: Double, color: String) {
        let first = top - 4 - Double(lines.count - 1) * 11
        for (index, line) in lines.enumerated() where !line.isEmpty {
            svg.text(line, x: x, y: first + Double(index) * 11, size: index == 0 ? 10.5 : 9, fill: color,
                     weight: index == 0 ? "bold" : "normal", anchor: "middle")
        }
    }

    private func count(_ svg: inout SVGWriter, _ text: String, x: Double, y: Double) {
        svg.text(text, x: x, y: y, size: 9.5, fill: SVGStyle.ink, anchor: "middle", className: "count")
    }

    /// A dashed empty cell: "not enough data yet" and how many of the trials an estimate needs
    /// ("10 of 30", or "6 of 30 taps" where the row is not labelled "trials").
    private func notEnough(_ svg: inout SVGWriter, trials: Int, cell: (left: Double, right: Double),
                           plot: (top: Double, bottom: Double), noun: String?) {
        let middle = (cell.left + cell.right) / 2
        svg.rect(x: cell.left, y: plot.top, width: cell.right - cell.left, height: plot.bottom - plot.top,
                 fill: "white", stroke: SVGStyle.faint, dashed: true)
        // A detection cell holds about 65 px: "not enough" fits at 9 px.
        let size = cell.right - cell.left < 70 ? 9.0 : 10
        for (index, line) in ["not enough", "data yet"].enumerated() {
            svg.text(line, x: middle, y: plot.top + 24 + Double(index) * 12, size: size, fill: SVGStyle.muted,
                     anchor: "middle", className: "not-enough")
        }
        svg.text("\(trials) of \(RhythmBands.minimumTrials)" + (noun.map { " \($0)" } ?? ""), x: middle, y: plot.bottom + 14, size: 9.5,
                 fill: SVGStyle.muted, anchor: "middle", className: "count")
    }

    /// "slow" over "(under 90 BPM)" under the band's column: the text's label on two lines, as
    /// a column is too narrow for it on one.
    private func bandName(_ svg: inout SVGWriter, _ band: RhythmTempoBand, x: Double, y: Double) {
        svg.text(band.name, x: x, y: y, size: 11.5, weight: "bold", anchor: "middle")
        svg.text("(\(band.tempos))", x: x, y: y + 13, size: 10, fill: SVGStyle.muted, anchor: "middle")
    }
}
