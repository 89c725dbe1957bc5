/// One item a musician can work on (an interval of a discipline, or a register) with its
/// estimate, ranked among the others by how high its threshold or spread is.
public struct WeakSpot: Hashable, Sendable {
    public enum Item: Hashable, Sendable {
        case interval(DirectedInterval, tuningSystem: String)
        /// An octave of reference notes (4: C4…B4).
        case register(octave: Int)
    }

    public let discipline: TrainingDiscipline
    public let item: Item
    public let estimate: ThresholdEstimate

    public init(discipline: TrainingDiscipline, item: Item, estimate: ThresholdEstimate) {
        self.discipline = discipline
        self.item = item
        self.estimate = estimate
    }

    /// "major third down", "octave 3".
    public var words: String {
        switch item {
        case .interval(let interval, _): interval.words
        case .register(let octave): "octave \(octave)"
        }
    }

    /// `words`, with the interval's tuning where items of several tunings stand side by side:
    /// "octave down (just intonation)" is another stimulus than the equal-tempered octave.
    public func words(namingTuning: Bool) -> String {
        guard namingTuning, case .interval(_, let system) = item else { return words }
        return words + " (\(TuningIdentifier(unchecked: system).shownName ?? "equal temperament"))"
    }

    /// Where the item stands for ranking: the estimate, or its one bound where the trials bound
    /// it on one side only ("above 3.7 c" is at least 3.7 c); nil when nothing is known.
    public var rankingCents: Double? {
        switch estimate.kind {
        case .interval: estimate.cents
        case .above: estimate.lower
        case .below: estimate.upper
        case .unresolved: nil
        }
    }

    /// The items that can be placed, weakest (highest) first; ties by name.
    public static func ranked(_ spots: [WeakSpot]) -> [WeakSpot] {
        spots.filter { $0.rankingCents != nil }
            .sorted { ($0.rankingCents!, $1.words) > ($1.rankingCents!, $0.words) }
    }
}
