import PeachCore

/// A stored rhythm offset detection with its row id and rig context.
public struct StoredRhythmOffsetDetection: Hashable, Sendable {
    public let id: Int64
    public let record: RhythmOffsetDetectionRecord
    public let rig: RigContext
}

/// A stored rhythm matching with its row id and rig context.
public struct StoredRhythmMatching: Hashable, Sendable {
    public let id: Int64
    public let record: RhythmMatchingRecord
    public let rig: RigContext
}
