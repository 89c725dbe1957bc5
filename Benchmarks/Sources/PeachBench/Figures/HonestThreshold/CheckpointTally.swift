/// What the runs of one simulated listener gave at one trial count: the estimates, whether
/// their intervals held the truth, and Peach's own figure beside them.
struct CheckpointTally {
    let truth: Double
    let trials: Int
    /// Point estimates of the runs whose interval was bounded on both sides.
    var estimates: [Double] = []
    var runs = 0
    var covered = 0
    /// Runs whose estimate was bounded on one side only (or not at all).
    var oneSided = 0
    /// Peach's figure of each run (mean |offset| of correct answers, or mean |error|).
    var peachFigures: [Double] = []

    mutating func add(_ estimate: ThresholdEstimateSummary?, peach: Double?) {
        runs += 1
        if let estimate {
            if estimate.covers(truth) { covered += 1 }
            if let cents = estimate.cents { estimates.append(cents) } else { oneSided += 1 }
        } else {
            oneSided += 1
        }
        if let peach { peachFigures.append(peach) }
    }

    var coverage: Double { runs == 0 ? .nan : Double(covered) / Double(runs) }
    var medianRatio: Double { Quartiles(estimates).median / truth }

    /// One row of the figure's table.
    func row(listener: String) -> [String] {
        let fit = Quartiles(estimates), peach = Quartiles(peachFigures)
        return [listener, String(trials), fit.text, ratio(fit.median), percent(coverage),
                oneSided == 0 ? "0" : "\(oneSided) of \(runs)", peach.text, ratio(peach.median)]
    }

    static let header = ["Listener (truth)", "Trials", "Fit: median (IQR)", "Fit ÷ truth", "95 % interval holds the truth",
                         "One-sided", "Peach's figure: median (IQR)", "Peach's ÷ truth"]

    private func ratio(_ value: Double) -> String { value.isFinite ? String(format: "%.2f×", value / truth) : "–" }
    private func percent(_ value: Double) -> String { value.isFinite ? String(format: "%.1f %%", value * 100) : "–" }
}

/// The part of an estimate the tally needs (comparison threshold or matching spread).
struct ThresholdEstimateSummary {
    let cents: Double?
    let lower: Double?
    let upper: Double?

    func covers(_ value: Double) -> Bool {
        (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
    }
}

/// Median and quartiles by nearest rank.
struct Quartiles {
    let lower: Double
    let median: Double
    let upper: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[max(0, min(sorted.count - 1, index))]
        }
        lower = rank(0.25)
        median = rank(0.5)
        upper = rank(0.75)
    }

    var text: String {
        median.isFinite ? String(format: "%.2f c (%.2f–%.2f)", median, lower, upper) : "–"
    }
}
