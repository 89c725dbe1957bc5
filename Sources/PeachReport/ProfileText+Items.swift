import PeachCore

/// What `peach profile` says per item and over time (issue 33): first the weakest intervals and
/// registers in words, then per discipline whether the last 30 days beat the 30 before; `--full`
/// adds every interval and every window.
extension ProfileText {
    /// The window the short report compares: long enough to hold a few sittings.
    static let headlineWindow = 30

    /// "Interval comparison, by interval — weakest: major third down 8.1 c (6.2–10.5); …;
    /// strongest: fifth up 2.9 c". Only where two or more items have a two-sided estimate.
    static func weakSpotLines(_ report: ProfileReport) -> [String] {
        var lines: [String] = []
        for discipline in TrainingDiscipline.allCases {
            let (intervals, registers) = report.weakSpots(of: discipline)
            for (spots, by) in [(intervals, "interval"), (registers, "register")] where spots.count >= 2 {
                // Two weakest (one when there are only two items), and the strongest. "Below x c"
                // cannot be the weakest, nor "above x c" the strongest: their open side says otherwise.
                guard let place = spots.lastIndex(where: { $0.estimate.kind != .above }) else { continue }
                let strongest = spots[place]
                let weakest = spots[..<place].filter { $0.estimate.kind != .below }.prefix(2)
                guard !weakest.isEmpty else { continue }
                let tunings = Set(spots.compactMap { if case .interval(_, let system) = $0.item { system } else { nil } })
                let named = tunings.count > 1
                lines.append("\(ProfileReport.title(of: discipline)), by \(by) — weakest: "
                             + weakest.map { "\($0.words(namingTuning: named).terminalSafe) \($0.estimate.shortText)" }.joined(separator: "; ")
                             + "; strongest: \(strongest.words(namingTuning: named).terminalSafe) \(strongest.estimate.estimateText)")
            }
        }
        return lines
    }

    /// "Interval comparison     improved by 1.8 c (0.4–3.1)": the last `headlineWindow` days
    /// against the same span before, per discipline with trials.
    static func changeLines(_ report: ProfileReport) -> [String] {
        let width = TrainingDiscipline.allCases.map { ProfileReport.title(of: $0).count }.max()! + 2
        var lines: [String] = []
        for discipline in TrainingDiscipline.allCases {
            guard let window = report.windows[discipline]?.first(where: { $0.days == headlineWindow }) else { continue }
            let title = ProfileReport.title(of: discipline).padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(title + changeText(window))
        }
        guard !lines.isEmpty else { return [] }
        return ["The last \(headlineWindow) days against the \(headlineWindow) before (95 % interval of the change):"] + lines
    }

    /// "improved by 1.8 c (0.4–3.1)", "no clear change (−0.6 to +1.4 c)", or why there is no verdict.
    static func changeText(_ window: ProfileReport.Window) -> String {
        if let change = window.change { return change.text }
        return "not enough data yet (\(window.trialsBefore) and \(window.trials) trials; "
            + "\(ProfileReport.Window.minimumTrials) in each span needed)"
    }

    /// `--full`: every interval of the discipline, then every window.
    static func itemLines(_ discipline: TrainingDiscipline, _ report: ProfileReport) -> [String] {
        var lines: [String] = []
        if let intervals = report.intervals[discipline], !intervals.isEmpty {
            let systems = Set(intervals.map(\.tuningSystem))
            let items = intervals.map { item in
                let name = item.interval.abbreviation + (systems.count > 1 ? " (\(item.tuningName.terminalSafe))" : "")
                return "\(name) " + (item.estimate?.shortText
                    ?? "not enough data yet (\(count(item.trials, "trial")), \(IntervalThreshold.minimumTrials) needed)")
            }
            lines.append("  by interval: " + items.joined(separator: " · "))
        }
        for window in report.windows[discipline] ?? [] {
            let now = window.estimate.map { "\($0.shortText) from \(count(window.trials, "trial"))" } ?? "no trials"
            lines.append("  last \(window.days) days: \(now); against the \(window.days) before: " + changeText(window))
        }
        return lines
    }
}
