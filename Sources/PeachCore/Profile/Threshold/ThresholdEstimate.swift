/// What the trials say about a threshold (comparison) or a spread (matching), in cents, with a
/// 95 % interval, stated honestly when the data bound it on one side only.
public struct ThresholdEstimate: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Bounded on both sides: `cents` lies within `lower`…`upper`.
        case interval
        /// Every small value is still possible (e.g. all answers correct): only `upper` holds.
        case below
        /// Every large value is still possible (e.g. all answers wrong): only `lower` holds.
        case above
        /// The trials rule out nothing yet.
        case unresolved
    }

    public let kind: Kind
    /// The best estimate; nil unless `kind` is `.interval`.
    public let cents: Double?
    /// The 95 % interval's ends; nil where the data do not bound it.
    public let lower: Double?
    public let upper: Double?
    /// How many trials went in, and what they count for after recency weighting.
    public let trials: Int
    public let effectiveTrials: Double

    public init(kind: Kind, cents: Double?, lower: Double?, upper: Double?, trials: Int, effectiveTrials: Double) {
        self.kind = kind
        self.cents = cents
        self.lower = lower
        self.upper = upper
        self.trials = trials
        self.effectiveTrials = effectiveTrials
    }

    /// Whether `value` lies inside the 95 % interval (an open end bounds nothing).
    public func covers(_ value: Double) -> Bool {
        (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
    }
}
