import Foundation

/// One completed rhythm offset detection trial, as it is stored and exported.
public struct RhythmOffsetDetectionRecord: Hashable, Sendable {
    public var timestamp: Date
    public var tempo: TempoBPM
    /// How far the fourth click lay from the grid: negative when it came early.
    public var offset: RhythmOffset
    public var isCorrect: Bool

    public init(timestamp: Date, tempo: TempoBPM, offset: RhythmOffset, isCorrect: Bool) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.offset = offset
        self.isCorrect = isCorrect
    }

    /// The profile's key for this record: its tempo and the side the click lay on.
    public var profileKey: RhythmProfileKey {
        RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: offset.direction)
    }
}
