/// The two rhythm disciplines. Each keeps statistics per tempo and per side of the beat,
/// rather than one figure, as the iOS app's rhythm spec does (its ADR-1 and ADR-2).
public enum RhythmDiscipline: String, CaseIterable, Hashable, Sendable {
    /// Four clicks, the fourth early or late: "which was it?".
    case offsetDetection
    /// Three clicks, the user taps the fourth.
    case matching

    /// "rhythm offset detection", "rhythm matching".
    public var displayName: String {
        switch self {
        case .offsetDetection: "rhythm offset detection"
        case .matching: "rhythm matching"
        }
    }
}

/// One rhythm statistic's identity: a discipline at one tempo on one side of the beat.
public struct RhythmProfileKey: Hashable, Comparable, Sendable {
    public let discipline: RhythmDiscipline
    public let tempo: TempoBPM
    public let direction: RhythmDirection

    public init(discipline: RhythmDiscipline, tempo: TempoBPM, direction: RhythmDirection) {
        self.discipline = discipline
        self.tempo = tempo
        self.direction = direction
    }

    /// Discipline, then tempo, then early before late: the order reports list them in.
    public static func < (lhs: RhythmProfileKey, rhs: RhythmProfileKey) -> Bool {
        func rank(_ key: RhythmProfileKey) -> (Int, Int, Int) {
            (RhythmDiscipline.allCases.firstIndex(of: key.discipline) ?? 0, key.tempo.value,
             RhythmDirection.allCases.firstIndex(of: key.direction) ?? 0)
        }
        return rank(lhs) < rank(rhs)
    }
}
