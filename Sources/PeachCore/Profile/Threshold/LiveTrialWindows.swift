/// The latest trials each live estimate looks at (`LiveThresholds`), as the values its fit
/// reads: per discipline, and for interval trials in a tuning beyond the iOS two per tuning.
/// A value, so the store can keep it with the profile's tally and `peach train` can start from
/// it without reading the older records (issue 30).
public struct LiveTrialWindows: Hashable, Sendable, Codable {
    /// Where a trial's estimate lives: its discipline, and its tuning's name where it is kept
    /// apart (`PerceptualProfile.tunedDisciplineName`), else nil.
    public struct Key: Hashable, Sendable, Codable {
        public let discipline: TrainingDiscipline
        public let tuning: String?

        public init(_ discipline: TrainingDiscipline, apartIn tuning: String?) {
            self.discipline = discipline
            self.tuning = tuning
        }

        public init(_ discipline: TrainingDiscipline, _ tuning: TuningIdentifier) {
            self.init(discipline, apartIn: PerceptualProfile.tunedDisciplineName(discipline, in: tuning) == nil
                          ? nil : tuning.rawValue)
        }
    }

    /// A comparison as the fit reads it: the signed offset and whether it was answered right.
    struct Answer: Hashable, Sendable, Codable {
        let offset: Double
        let isCorrect: Bool
    }

    /// How many of a key's latest trials are kept (at least; older ones go in batches).
    public let length: Int
    private(set) var comparisons: [Key: [Answer]] = [:]
    private(set) var matchings: [Key: [Double]] = [:]

    public init(length: Int) {
        self.length = length
    }

    /// Adds a comparison, oldest first within its key (ties in the order stored).
    public mutating func addComparison(_ key: Key, offset: Double, isCorrect: Bool) {
        comparisons[key, default: []].append(Answer(offset: offset, isCorrect: isCorrect))
        Self.trim(&comparisons[key]!, to: length)
    }

    /// Adds a matching's signed error, oldest first within its key.
    public mutating func addMatching(_ key: Key, error: Double) {
        matchings[key, default: []].append(error)
        Self.trim(&matchings[key]!, to: length)
    }

    /// The same windows, keeping at most `length` trials a key (which must not exceed this one's).
    func shortened(to length: Int) -> LiveTrialWindows {
        precondition(length <= self.length, "a window cannot be longer than the trials kept")
        var result = LiveTrialWindows(length: length)
        result.comparisons = comparisons.mapValues { Array($0.suffix(length)) }
        result.matchings = matchings.mapValues { Array($0.suffix(length)) }
        return result
    }

    /// Drops the oldest in batches, so appending stays cheap on average.
    private static func trim<Value>(_ values: inout [Value], to count: Int) {
        // As a difference: a window of every trial (an infinite half-life) is Int.max long.
        if values.count - count > count / 4 { values.removeFirst(values.count - count) }
    }
}
