/// Whether a threshold (or spread) moved between two windows of trials, with a 95 % interval of
/// the difference: "improved by 1.8 c (0.4–3.1)" only when the whole interval says so.
///
/// The two windows hold different trials, so their estimates are independent: the difference
/// before − after has the distribution of the two posteriors' difference, and its 2.5 % and
/// 97.5 % quantiles bound it.
public struct ThresholdChange: Hashable, Sendable {
    public enum Verdict: String, Hashable, Sendable {
        case improved, worse, noClearChange
    }

    /// Cents the threshold fell by (negative: it rose), the median of the difference.
    public let improvement: Double
    /// The 95 % interval of `improvement`.
    public let lower: Double
    public let upper: Double
    /// One-sided 95 % bounds: the improvement is at least `atLeast`, and at most `atMost`, each
    /// with 95 % confidence (the 5 % and 95 % quantiles).
    public let atLeast: Double
    public let atMost: Double

    public init(improvement: Double, lower: Double, upper: Double, atLeast: Double, atMost: Double) {
        self.improvement = improvement
        self.lower = lower
        self.upper = upper
        self.atLeast = atLeast
        self.atMost = atMost
    }

    /// The change from `before` to `after`; nil when either has no mass.
    public init?(before: ThresholdPosterior, after: ThresholdPosterior) {
        let earlier = before.support(), later = after.support()
        guard !earlier.isEmpty, !later.isEmpty else { return nil }
        var differences: [(value: Double, mass: Double)] = []
        differences.reserveCapacity(earlier.count * later.count)
        for old in earlier {
            for new in later { differences.append((old.value - new.value, old.mass * new.mass)) }
        }
        self.init(differences: differences)
    }

    /// From the distribution of before − after: its median and 95 % interval.
    init(differences: [(value: Double, mass: Double)]) {
        var differences = differences
        differences.sort { $0.value < $1.value }
        let total = differences.reduce(0) { $0 + $1.mass }
        func quantile(_ level: Double) -> Double {
            var cumulative = 0.0
            for difference in differences {
                cumulative += difference.mass / total
                if cumulative >= level { return difference.value }
            }
            return differences.last!.value
        }
        self.init(improvement: quantile(0.5), lower: quantile(0.025), upper: quantile(0.975),
                  atLeast: quantile(0.05), atMost: quantile(0.95))
    }

    public var verdict: Verdict {
        if lower > 0 { return .improved }
        if upper < 0 { return .worse }
        return .noClearChange
    }

    /// "improved by 1.8 c (0.4–3.1)", "worse by 1.2 c (0.3–2.0)", "no clear change (−0.6 to +1.4 c)".
    public var text: String {
        switch verdict {
        case .improved:
            "improved by \(Self.number(improvement)) c (\(Self.number(lower))–\(Self.number(upper)))"
        case .worse:
            "worse by \(Self.number(-improvement)) c (\(Self.number(-upper))–\(Self.number(-lower)))"
        case .noClearChange:
            "no clear change (\(Self.signed(-upper)) to \(Self.signed(-lower)) c)"
        }
    }

    private static func number(_ value: Double) -> String { ThresholdEstimate.number(value) }

    private static func signed(_ value: Double) -> String {
        (value < 0 ? "−" : "+") + ThresholdEstimate.number(abs(value))
    }
}
