import PeachCore

/// Rhythm estimates in the words the profile uses for them: percentages of a sixteenth note,
/// one decimal below 10 % ("4.1 %"), whole above ("12 %"), as `SixteenthPercentText` writes them.
///
/// Half a sixteenth (50 %) is as far off as a trial goes; the fits' grids reach further, so an
/// end beyond it reads "50+" and a bound beyond it says nothing a musician can use.
enum RhythmEstimateText {
    static let scaleEnd = RhythmKazezStrategy.maximum

    /// "4.1 % (3.2–5.3)", "6.2 % (2.8–50+)", "below 2.0 %", "above 40 %", "not known yet".
    static func short(_ estimate: ThresholdEstimate) -> String {
        switch estimate.kind {
        case .interval:
            guard let value = estimate.cents, let range = range(estimate) else { return "not known yet" }
            return "\(percent(value)) (\(range))"
        case .below:
            guard let upper = estimate.upper, upper <= scaleEnd else { return "not known yet" }
            return "below \(percent(upper))"
        case .above:
            return estimate.lower.map { "above \(percent(min($0, scaleEnd)))" } ?? "not known yet"
        case .unresolved: return "not known yet"
        }
    }

    /// A two-sided estimate's interval, "3.2–5.3" or "2.8–50+"; nil for the other kinds.
    static func range(_ estimate: ThresholdEstimate) -> String? {
        guard estimate.kind == .interval, let lower = estimate.lower, let upper = estimate.upper else { return nil }
        return "\(number(lower))–\(upper > scaleEnd ? "50+" : number(upper))"
    }

    /// Whether the estimate says anything within the scale (a figure is drawn for it).
    static func isInformative(_ estimate: ThresholdEstimate) -> Bool {
        switch estimate.kind {
        case .interval: estimate.cents != nil
        case .below: (estimate.upper ?? .infinity) <= scaleEnd
        case .above: estimate.lower != nil
        case .unresolved: false
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
