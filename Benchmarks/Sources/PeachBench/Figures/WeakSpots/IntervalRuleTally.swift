import PeachCore
import PeachReport

/// What the runs of one training rule gave at one trial count of issue 33's listener: how many
/// per-interval estimates hold the truth and lie within ±30 % of it, in how many runs all three
/// did, and how often the weakest interval was named right.
struct IntervalRuleTally {
    let trials: Int
    var runs = 0
    var estimates = 0
    var covered = 0
    var close = 0
    var allClose = 0
    var named = 0
    /// Estimate ÷ truth of every two-sided estimate.
    var ratios: [Double] = []

    /// Adds one run's report, judged against `truth` (cents per interval) and its `weakest`.
    mutating func add(_ report: ProfileReport, truth: [DirectedInterval: Double], weakest: DirectedInterval) {
        runs += 1
        var closeHere = 0
        for item in report.intervals[.intervalComparison] ?? [] {
            guard let cents = truth[item.interval] else { continue }
            estimates += 1
            guard let estimate = item.estimate else { continue }
            if estimate.covers(cents) { covered += 1 }
            if let value = estimate.cents {
                ratios.append(value / cents)
                if abs(value / cents - 1) <= 0.3 { close += 1; closeHere += 1 }
            }
        }
        if closeHere == truth.count { allClose += 1 }
        if case .interval(let interval, _) = report.weakSpots(of: .intervalComparison).intervals.first?.item,
           interval == weakest {
            named += 1
        }
    }

    var closeShare: Double { estimates == 0 ? .nan : Double(close) / Double(estimates) }
    var coverage: Double { estimates == 0 ? .nan : Double(covered) / Double(estimates) }
    var namedShare: Double { runs == 0 ? .nan : Double(named) / Double(runs) }

    static let header = ["Rule", "Trials", "Estimates within ±30 %", "Interval holds the truth", "All three within ±30 %",
                         "Weakest named right", "Estimate ÷ truth: median (IQR)"]

    func row(rule: String) -> [String] {
        let spread = Quartiles(ratios)
        let quartiles = spread.median.isFinite
            ? String(format: "%.2f× (%.2f–%.2f)", spread.median, spread.lower, spread.upper) : "–"
        return [rule, String(trials), Self.share(close, estimates), Self.share(covered, estimates),
                "\(allClose) of \(runs)", "\(named) of \(runs)", quartiles]
    }

    static func share(_ count: Int, _ total: Int) -> String {
        total == 0 ? "–" : String(format: "%d of %d (%.1f %%)", count, total, 100 * Double(count) / Double(total))
    }
}
