/// Where the listener stands in a discipline right after a trial: the profile's trend (Peach's
/// own figure, as the iOS app shows it) and the threshold estimate from every trial.
public struct DisciplineStanding: Hashable, Sendable {
    public var trend: Trend?
    /// Comparison: the offset heard 75 % of the time; matching: the spread of the errors.
    public var threshold: ThresholdEstimate?

    public init(trend: Trend? = nil, threshold: ThresholdEstimate? = nil) {
        self.trend = trend
        self.threshold = threshold
    }
}
