/// The four things a listener trains; each has its own statistics.
public enum TrainingDiscipline: String, CaseIterable, Hashable, Sendable, Codable {
    case unisonComparison
    case intervalComparison
    case unisonMatching
    case intervalMatching

    /// Thresholds that trained musicians reach, in cents.
    public var expertBaseline: Double {
        switch self {
        case .unisonComparison: 8
        case .intervalComparison: 12
        case .unisonMatching: 5
        case .intervalMatching: 8
        }
    }

    /// "unison comparison", "interval matching": as the status line names the modes.
    public var displayName: String {
        switch self {
        case .unisonComparison: "unison comparison"
        case .intervalComparison: "interval comparison"
        case .unisonMatching: "unison matching"
        case .intervalMatching: "interval matching"
        }
    }

    /// Comparison ("higher or lower?") rather than matching (tuning a note).
    public var isComparison: Bool { self == .unisonComparison || self == .intervalComparison }

    public static func comparison(for interval: Interval) -> TrainingDiscipline {
        interval == .prime ? .unisonComparison : .intervalComparison
    }

    public static func matching(for interval: Interval) -> TrainingDiscipline {
        interval == .prime ? .unisonMatching : .intervalMatching
    }
}
