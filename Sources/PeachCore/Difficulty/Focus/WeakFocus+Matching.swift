/// `--focus weak` for pitch matching. Matching has no staircase to follow (the control always
/// spans ±20 c), so an interval is drawn in proportion to what its own estimate says there is to
/// gain: the upper end of its spread's 95 % interval, high where the aim is wide or the data
/// thin. An interval without an estimate weighs what the largest known one does, so a new
/// interval is trained as much as the weakest until it has trials of its own.
extension WeakFocus {
    /// Each interval's weight in a focused matching draw; all alike when nothing is known.
    func matchingWeights(among intervals: [DirectedInterval]) -> [Double] {
        let gains = intervals.map { Self.gain(self.intervals[$0]) }
        let largest = gains.compactMap { $0 }.max() ?? 1
        return gains.map { $0 ?? largest }
    }

    /// Draws the interval of the next matching trial (`matchingWeights`).
    func matchingInterval(among intervals: [DirectedInterval], random: inout SessionRandom) -> DirectedInterval {
        intervals[Self.pick(matchingWeights(among: intervals), random: &random)]
    }

    /// Why `interval` is matched now, for the status line: "your widest", "little data yet", its
    /// share of the draws, or for a single interval (unison) "by register".
    public func matchingReason(for interval: DirectedInterval, among intervals: [DirectedInterval]) -> String {
        guard intervals.count > 1 else { return "by register" }
        guard self.intervals[interval] != nil else { return "little data yet" }
        let weights = matchingWeights(among: intervals)
        let own = weights[intervals.firstIndex(of: interval) ?? 0]
        if own >= weights.max()! { return "your widest" }
        return "\(Int((own / weights.reduce(0, +) * 100).rounded())) % of trials"
    }
}
