import Foundation

/// One completed pitch matching trial, as it is stored and exported.
public struct PitchMatchingRecord: Hashable, Sendable {
    public var timestamp: Date
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var interval: Interval
    public var tuningSystem: TuningIdentifier
    /// Where the tunable note started, relative to the target.
    public var initialCentOffset: Cents
    /// 1200 · log2(userFrequency / targetFrequency): positive when the user ended sharp.
    public var userCentError: Cents

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, interval: Interval,
                tuningSystem: TuningIdentifier, initialCentOffset: Cents, userCentError: Cents) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
    }

    public var discipline: TrainingDiscipline {
        interval == .prime ? .unisonMatching : .intervalMatching
    }
}
