import PeachCore

extension ProfileReport {
    /// Each discipline's estimate at the end of every session (at most `maximumPoints`): computed
    /// on demand, as only the SVG draws it.
    public func thresholdHistory(maximumPoints: Int = ThresholdHistory.defaultMaximumPoints) -> ThresholdHistory {
        ThresholdHistory(comparisons: comparisons, matchings: matchings, maximumPoints: maximumPoints)
    }
}
