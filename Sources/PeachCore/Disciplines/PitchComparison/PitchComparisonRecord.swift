import Foundation

/// One completed pitch comparison trial, as it is stored and exported.
public struct PitchComparisonRecord: Hashable, Sendable {
    public var timestamp: Date
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    /// Undirected, as in the export format; the direction follows from the two notes.
    public var interval: Interval
    public var tuningSystem: TuningIdentifier
    /// Signed: positive when the target was sharp of the correct interval pitch.
    public var centOffset: Cents
    public var isCorrect: Bool

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, interval: Interval,
                tuningSystem: TuningIdentifier, centOffset: Cents, isCorrect: Bool) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.centOffset = centOffset
        self.isCorrect = isCorrect
    }

    public var discipline: TrainingDiscipline {
        interval == .prime ? .unisonComparison : .intervalComparison
    }
}
