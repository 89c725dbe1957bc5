import Foundation

/// One completed rhythm matching trial, as it is stored and exported.
public struct RhythmMatchingRecord: Hashable, Sendable {
    public var timestamp: Date
    public var tempo: TempoBPM
    /// How far the user's tap lay from where the fourth sixteenth belongs: negative when early.
    public var userOffset: RhythmOffset

    public init(timestamp: Date, tempo: TempoBPM, userOffset: RhythmOffset) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.userOffset = userOffset
    }

    public var profileKey: RhythmProfileKey {
        RhythmProfileKey(discipline: .matching, tempo: tempo, direction: userOffset.direction)
    }
}
