import PeachCore

/// Where a tempo lies for the profile's rhythm items (issue 33): the percentages of a sixteenth
/// already make tempos comparable, so trials at nearby tempos are pooled into three bands, which
/// gathers enough of them for an estimate far sooner than one tempo alone would.
///
/// The edges sit where a sixteenth note changes character: above 167 ms (under 90 BPM) it is
/// felt as a subdivision one counts, below 115 ms (from 130 BPM) as a figure one hears whole.
public enum RhythmTempoBand: Int, CaseIterable, Hashable, Comparable, Sendable {
    case slow, medium, fast

    public init(_ tempo: TempoBPM) {
        self = tempo.value < 90 ? .slow : tempo.value < 130 ? .medium : .fast
    }

    /// "slow", "medium", "fast": the band's name in `--json`.
    public var name: String {
        switch self {
        case .slow: "slow"
        case .medium: "medium"
        case .fast: "fast"
        }
    }

    /// "under 90 BPM", "90–129 BPM", "130 BPM and up".
    public var tempos: String {
        switch self {
        case .slow: "under 90 BPM"
        case .medium: "90–129 BPM"
        case .fast: "130 BPM and up"
        }
    }

    public static func < (lhs: RhythmTempoBand, rhs: RhythmTempoBand) -> Bool { lhs.rawValue < rhs.rawValue }
}
