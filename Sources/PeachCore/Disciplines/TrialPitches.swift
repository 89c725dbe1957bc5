import Foundation

/// The random choices both sessions make the same way: which interval, which reference note.
struct TrialPitches: Sendable {
    let interval: DirectedInterval
    let referenceNote: MIDINote
    let targetNote: MIDINote
    let referenceFrequency: Frequency
    /// The correct (undetuned) pitch of the target, sized from the reference.
    let targetFrequency: Frequency

    init(intervals: [DirectedInterval], settings: TrainingSettings, random: inout SessionRandom) throws {
        let interval = intervals.randomElement(using: &random)!
        let candidates = settings.noteRange.referenceNotes(for: [interval])
        try self.init(interval: interval, referenceNote: MIDINote(Int.random(in: candidates, using: &random)),
                      settings: settings)
    }

    /// The trial's notes once its interval and reference note are chosen.
    init(interval: DirectedInterval, referenceNote: MIDINote, settings: TrainingSettings) throws {
        self.interval = interval
        self.referenceNote = referenceNote
        targetNote = try referenceNote.transposed(by: interval)
        let tuning = settings.activeTuning
        referenceFrequency = tuning.frequency(of: DetunedMIDINote(referenceNote), referencePitch: settings.referencePitch)
        targetFrequency = tuning.frequency(of: interval, from: referenceNote, referencePitch: settings.referencePitch)
    }
}

extension TrainingSettings {
    /// The loudness offset of the second (or tunable) note: uniform in ±(varyLoudness × 10 dB).
    func loudnessOffset(random: inout SessionRandom) -> AmplitudeDB {
        let spread = varyLoudness.value * 10
        guard spread > 0 else { return .zero }
        return AmplitudeDB(clamping: Double.random(in: -spread...spread, using: &random))
    }
}

/// Validates the interval set every session is built with.
func sortedIntervals(_ intervals: Set<DirectedInterval>) throws(DomainValueError) -> [DirectedInterval] {
    guard !intervals.isEmpty else { throw .emptyIntervalSet }
    // Sorted so that a seeded generator picks the same interval on every run.
    return intervals.sorted()
}
