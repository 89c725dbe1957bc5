import PeachCore

/// A simulated listener who hears some intervals better than others: a `ComparisonListener` of
/// its own per directed interval (the figure of issue 33: fifth up 3 c, major third down 9 c).
public struct IntervalListener: Hashable, Sendable, CustomStringConvertible {
    public let listeners: [DirectedInterval: ComparisonListener]

    /// `thresholds` in cents at 75 % correct, per interval; the other parameters as `ComparisonListener`'s.
    public init(thresholds: [DirectedInterval: Double], slope: Double = 2, lapseRate: Double = 0.04,
                higherBias: Double = 0.6) throws(DomainValueError) {
        guard !thresholds.isEmpty else { throw .emptyIntervalSet }
        var listeners: [DirectedInterval: ComparisonListener] = [:]
        for (interval, threshold) in thresholds {
            listeners[interval] = try ComparisonListener(threshold: threshold, slope: slope, lapseRate: lapseRate,
                                                         higherBias: higherBias)
        }
        self.listeners = listeners
    }

    public var intervals: Set<DirectedInterval> { Set(listeners.keys) }

    /// The interval with the highest threshold.
    public var weakest: DirectedInterval { listeners.max { ($0.value.threshold, $1.key) < ($1.value.threshold, $0.key) }!.key }

    /// Whether the listener answers "higher" to `trial` (an interval it has no threshold for is
    /// guessed, which a run over `intervals` never asks).
    public func answersHigher(to trial: PitchComparisonTrial, using random: inout some RandomNumberGenerator) -> Bool {
        guard let listener = listeners[trial.interval] else { return Double.random(in: 0..<1, using: &random) < 0.5 }
        return listener.answersHigher(to: trial.centOffset.rawValue, using: &random)
    }

    public var description: String {
        listeners.keys.sorted().map { "\($0.abbreviation) \(listeners[$0]!.threshold) c" }.joined(separator: ", ")
    }
}
