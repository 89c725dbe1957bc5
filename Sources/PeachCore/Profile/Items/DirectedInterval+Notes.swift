extension DirectedInterval {
    /// The interval a record names, directed by its two notes (a record stores it undirected).
    public init(_ interval: Interval, from reference: MIDINote, to target: MIDINote) {
        self.init(interval, fromNote: reference.rawValue, toNote: target.rawValue)
    }

    /// As above, from note numbers as a store reads them.
    public init(_ interval: Interval, fromNote reference: Int, toNote target: Int) {
        self.init(interval, target >= reference ? .up : .down)
    }
}
