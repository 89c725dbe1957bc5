extension PitchComparison {
    /// The focused draw: the interval by its staircase, the reference note by its register.
    func focusedPitches(_ focus: WeakFocus, settings: TrainingSettings, run: Run,
                        random: inout SessionRandom) throws -> TrialPitches {
        let interval = focus.interval(among: intervals, magnitudes: run.focusMagnitudes,
                                      start: { startingMagnitude($0, focus) }, random: &random)
        let candidates = settings.noteRange.referenceNotes(for: [interval])
        let note = try MIDINote(focus.referenceNote(in: candidates, random: &random))
        return try TrialPitches(interval: interval, referenceNote: note, settings: settings)
    }

    /// An interval's staircase starts from its own estimate, else as the discipline's would.
    func startingMagnitude(_ interval: DirectedInterval, _ focus: WeakFocus) -> Cents {
        focus.startingMagnitude(for: interval)
            ?? strategy.initialMagnitude(profileMean: profile?.mean(for: .comparison(for: interval.interval)))
    }

    /// The staircase of an interval's first trial in a run: it searches unless it starts from a
    /// two-sided estimate of its own (a bound or the discipline's mean may lie far from it).
    func startingStaircase(_ interval: DirectedInterval, _ focus: WeakFocus) -> FocusStaircase {
        FocusStaircase(start: startingMagnitude(interval, focus), searching: focus.intervals[interval]?.kind != .interval)
    }
}
