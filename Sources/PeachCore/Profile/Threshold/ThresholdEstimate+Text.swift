import Foundation

extension ThresholdEstimate {
    /// The estimate in a few words for a musician: "4.3 c (3.6–5.2)", "below 4.1 c",
    /// "above 40 c", or "not known yet"; one decimal, the interval being 95 %.
    public var shortText: String {
        switch kind {
        case .interval:
            guard let cents, let lower, let upper else { return "not known yet" }
            return "\(Self.number(cents)) c (\(Self.number(lower))–\(Self.number(upper)))"
        case .below:
            return upper.map { "below \(Self.number($0)) c" } ?? "not known yet"
        case .above:
            return lower.map { "above \(Self.number($0)) c" } ?? "not known yet"
        case .unresolved:
            return "not known yet"
        }
    }

    /// Shorter still, for a narrow line: the estimate without its interval, "4.3 c"; the
    /// other kinds as `shortText`.
    public var estimateText: String {
        guard kind == .interval, let cents else { return shortText }
        return "\(Self.number(cents)) c"
    }

    static func number(_ value: Double) -> String {
        String(format: value < 10 ? "%.1f" : "%.0f", value)
    }
}
