extension PitchMatching {
    /// The focused draw: the interval by its spread's estimate, the reference note by its register.
    func focusedPitches(_ focus: WeakFocus, settings: TrainingSettings, random: inout SessionRandom) throws -> TrialPitches {
        let interval = focus.matchingInterval(among: intervals, random: &random)
        let candidates = settings.noteRange.referenceNotes(for: [interval])
        let note = try MIDINote(focus.referenceNote(in: candidates, random: &random))
        return try TrialPitches(interval: interval, referenceNote: note, settings: settings)
    }
}
