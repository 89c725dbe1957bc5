import PeachCore

/// Every kind of record an export holds.
public struct ExportedRecords: Sendable {
    public var comparisons: [PitchComparisonRecord]
    public var matchings: [PitchMatchingRecord]
    public var rhythmDetections: [RhythmOffsetDetectionRecord]
    public var rhythmMatchings: [RhythmMatchingRecord]

    public init(comparisons: [PitchComparisonRecord] = [], matchings: [PitchMatchingRecord] = [],
                rhythmDetections: [RhythmOffsetDetectionRecord] = [], rhythmMatchings: [RhythmMatchingRecord] = []) {
        self.comparisons = comparisons
        self.matchings = matchings
        self.rhythmDetections = rhythmDetections
        self.rhythmMatchings = rhythmMatchings
    }

    public var hasRhythm: Bool { !rhythmDetections.isEmpty || !rhythmMatchings.isEmpty }
}
