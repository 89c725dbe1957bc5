extension Interval {
    /// The interval as a musician says it: "major third", "fifth".
    public var words: String {
        ["unison", "minor second", "major second", "minor third", "major third", "fourth", "tritone",
         "fifth", "minor sixth", "major sixth", "minor seventh", "major seventh", "octave"][rawValue]
    }
}

extension DirectedInterval {
    /// "major third down", "fifth up"; the prime has no direction: "unison".
    public var words: String {
        interval == .prime ? interval.words : "\(interval.words) \(direction.rawValue)"
    }
}
