extension LogCentAxis {
    /// The tick lines across `left`…`right` and their labels left of `left`.
    func drawTicks(_ svg: inout SVGWriter, left: Double, right: Double) {
        svg.open("ticks")
        for tick in ticks {
            svg.line(left, y(tick), right, y(tick), stroke: SVGStyle.grid)
            svg.text(LogCentAxis.label(tick), x: left - 5, y: y(tick) + 3.5, size: 9.5, fill: SVGStyle.muted, anchor: "end")
        }
        svg.close()
    }
}
