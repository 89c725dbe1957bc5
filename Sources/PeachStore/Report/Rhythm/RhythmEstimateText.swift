import PeachCore

/// Rhythm estimates in the words the profile uses for them: percentages of a sixteenth note,
/// one decimal below 10 % ("4.1 %"), whole above ("12 %"), as `SixteenthPercentText` writes them.
enum RhythmEstimateText {
    /// "4.1 % (3.2–5.3)", "below 2.0 %", "above 40 %", "not known yet".
    static func short(_ estimate: ThresholdEstimate) -> String {
        switch estimate.kind {
        case .interval:
            guard let value = estimate.cents, let lower = estimate.lower, let upper = estimate.upper else {
                return "not known yet"
            }
            return "\(percent(value)) (\(number(lower))–\(number(upper)))"
        case .below: return estimate.upper.map { "below \(percent($0))" } ?? "not known yet"
        case .above: return estimate.lower.map { "above \(percent($0))" } ?? "not known yet"
        case .unresolved: return "not known yet"
        }
    }

    /// "4.1 %", the other kinds as `short`.
    static func value(_ estimate: ThresholdEstimate) -> String {
        guard estimate.kind == .interval, let value = estimate.cents else { return short(estimate) }
        return percent(value)
    }

    static func percent(_ value: Double) -> String { SixteenthPercentText.magnitudeText(percent: value) }

    /// The number alone: "4.1", "12".
    static func number(_ value: Double) -> String { String(percent(value).dropLast(2)) }
}
