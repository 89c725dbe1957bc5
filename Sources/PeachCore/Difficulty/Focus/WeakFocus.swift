/// `--focus weak`: comparison trials go where there is most to gain. The next trial's interval
/// is drawn in proportion to where its own staircase stands (a running estimate of its
/// threshold: a weak interval sits high, and one with little data starts high and is drawn
/// often until it settles); its reference note in proportion to its register's estimate (the
/// upper end of the 95 % interval: high where the threshold is high or the data thin). Each
/// interval keeps its own staircase, started from its own estimate.
///
/// Without a focus a session draws as the iOS app does: uniformly, one staircase per discipline.
public struct WeakFocus: Hashable, Sendable {
    /// Per directed interval, the estimate its staircase starts from.
    public let intervals: [DirectedInterval: ThresholdEstimate]
    /// Per octave of the reference note (4: C4…B4).
    public let registers: [Int: ThresholdEstimate]

    public init(intervals: [DirectedInterval: ThresholdEstimate] = [:], registers: [Int: ThresholdEstimate] = [:]) {
        self.intervals = intervals
        self.registers = registers
    }

    /// Where an interval's staircase starts: its estimate, or its one bound; nil when unknown.
    public func startingMagnitude(for interval: DirectedInterval) -> Cents? {
        guard let estimate = intervals[interval] else { return nil }
        let start: Double? = switch estimate.kind {
        case .interval: estimate.cents
        case .above: estimate.lower
        case .below: estimate.upper
        case .unresolved: nil
        }
        return start.map { Cents(unchecked: min(max($0, 0.1), 100)) }
    }

    /// What a register has to gain: the upper end of its interval (an open end: twice the bound).
    static func gain(_ estimate: ThresholdEstimate?) -> Double? {
        guard let estimate else { return nil }
        return estimate.upper ?? estimate.lower.map { $0 * 2 }
    }

    /// Draws the interval of the next trial, each weighted by its staircase's magnitude now.
    func interval(among intervals: [DirectedInterval], magnitudes: [DirectedInterval: Cents],
                  start: (DirectedInterval) -> Cents, random: inout SessionRandom) -> DirectedInterval {
        let weights = intervals.map { (magnitudes[$0] ?? start($0)).rawValue }
        return intervals[Self.pick(weights, random: &random)]
    }

    /// Draws a reference note from `candidates`, each weighted by its octave's gain; octaves
    /// without an estimate weigh what the largest known one does (or all alike when none is known).
    func referenceNote(in candidates: ClosedRange<Int>, random: inout SessionRandom) -> Int {
        let largest = registers.values.compactMap(Self.gain).max() ?? 1
        let notes = Array(candidates)
        let weights = notes.map { note in Self.gain(registers[note.floorDivided(by: 12) - 1]) ?? largest }
        return notes[Self.pick(weights, random: &random)]
    }

    /// An index drawn with probability proportional to its weight (all alike if none is positive).
    static func pick(_ weights: [Double], random: inout SessionRandom) -> Int {
        let usable = weights.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let total = usable.reduce(0, +)
        guard total > 0 else { return Int.random(in: 0..<weights.count, using: &random) }
        var remaining = Double.random(in: 0..<total, using: &random)
        for (index, weight) in usable.enumerated() {
            if remaining < weight { return index }
            remaining -= weight
        }
        return usable.lastIndex { $0 > 0 }!
    }

    /// Why `interval` is trained now, for the status line: "your weakest", "little data yet", its
    /// share of the draws, or for a single interval (unison) "by register".
    public func reason(for interval: DirectedInterval, among intervals: [DirectedInterval],
                       magnitudes: [DirectedInterval: Cents]) -> String {
        guard intervals.count > 1 else { return "by register" }
        guard magnitudes[interval] != nil || self.intervals[interval] != nil else { return "little data yet" }
        let levels = intervals.map { magnitudes[$0]?.rawValue ?? startingMagnitude(for: $0)?.rawValue ?? 100 }
        let own = magnitudes[interval]?.rawValue ?? startingMagnitude(for: interval)?.rawValue ?? 100
        if intervals.count > 1, own >= levels.max()! { return "your weakest" }
        let share = own / levels.reduce(0, +)
        return "\(Int((share * 100).rounded())) % of trials"
    }
}
