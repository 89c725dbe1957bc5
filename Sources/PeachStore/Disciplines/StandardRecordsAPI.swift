import PeachCore

/// The public shapes that name the first four disciplines together, for the callers (and tests)
/// that build them by hand.
extension ParsedImport {
    /// Records made elsewhere than in a file (a benchmark's fixture), each with a row number.
    public init(comparisons: [(row: Int, record: PitchComparisonRecord)] = [],
                matchings: [(row: Int, record: PitchMatchingRecord)] = [], invalidRows: [ImportRowError] = []) {
        self.init(invalidRows: invalidRows)
        records = comparisons.map { ($0.row, $0.record as any StoredRecord) } + matchings.map { ($0.row, $0.record) }
    }
}

extension ExportedRecords {
    public init(comparisons: [PitchComparisonRecord] = [], matchings: [PitchMatchingRecord] = [],
                rhythmDetections: [RhythmOffsetDetectionRecord] = [], rhythmMatchings: [RhythmMatchingRecord] = []) {
        self.init()
        append(contentsOf: comparisons)
        append(contentsOf: matchings)
        append(contentsOf: rhythmDetections)
        append(contentsOf: rhythmMatchings)
    }
}

extension ImportSummary {
    public init(comparisonsImported: Int = 0, comparisonsSkipped: Int = 0, matchingsImported: Int = 0,
                matchingsSkipped: Int = 0, rhythmDetectionsImported: Int = 0, rhythmDetectionsSkipped: Int = 0,
                rhythmMatchingsImported: Int = 0, rhythmMatchingsSkipped: Int = 0, invalidRowsSkipped: Int = 0,
                replaced: Bool = false) {
        self.init(kinds: .standard, replaced: replaced)
        let counts = [(comparisonsImported, comparisonsSkipped), (matchingsImported, matchingsSkipped),
                      (rhythmDetectionsImported, rhythmDetectionsSkipped), (rhythmMatchingsImported, rhythmMatchingsSkipped)]
        for (index, (imported, skipped)) in counts.enumerated() {
            tallies[index].imported = imported
            tallies[index].skipped = skipped
        }
        self.invalidRowsSkipped = invalidRowsSkipped
    }
}
