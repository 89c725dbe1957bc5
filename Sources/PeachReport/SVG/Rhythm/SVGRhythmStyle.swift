/// The rhythm part's colours: the two sides of the beat, and the taps.
enum SVGRhythmStyle {
    static let early = "#e8590c"
    static let late = "#1864ab"
    static let taps = "#2b8a3e"
    static let tapBand = SVGStyle.tint(taps, SVGStyle.bandStrength)
}
