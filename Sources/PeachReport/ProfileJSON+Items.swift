import PeachCore

extension ProfileJSON {
    /// Inside a discipline's `threshold`, after every earlier key:
    /// - `intervals` (interval disciplines; [] for unison): one per directed interval and tuning
    ///   system trained, {interval ("M3d", as `--intervals` takes it), tuningSystem, tuning (the
    ///   same identifier, as every tuning's items name it; issue 32), trials, kind, threshold,
    ///   lower, upper}; kind "notEnoughData" (and null figures) below 30 trials. Only the iOS
    ///   app's two tunings: the others' are in `otherTunings` (`ProfileJSON+Tunings`).
    ///   `threshold` is the estimate in cents (the threshold, or the spread for matching).
    /// - `windows`: the last 7, 30 and 90 days, {days, trials, kind, cents, lower, upper, before,
    ///   change}: `before` is the same span before the window ({trials, kind, cents, lower,
    ///   upper}); `change` {verdict (improved, worse, noClearChange), improvement (cents the
    ///   estimate fell), lower, upper (its 95 % interval), atLeast, atMost (one-sided 95 % bounds,
    ///   for a reader asking one question only: "better?")}, null unless both spans have 30 trials.
    ///   Inside a window every trial counts alike. "All" is the discipline's own estimate.
    static func itemFields(_ discipline: TrainingDiscipline, _ report: ProfileReport) -> [(String, String)] {
        let intervals = report.pooledIntervals(of: discipline).map(intervalObject)
        let windows = (report.windows[discipline] ?? []).map { window in
            let before = window.trialsBefore > 0
                ? object([("trials", String(window.trialsBefore))] + figures(window.before, centsKey: "cents")) : "null"
            let change = window.change.map { change in
                object([("verdict", "\"\(change.verdict.rawValue)\""), ("improvement", number(change.improvement)),
                        ("lower", number(change.lower)), ("upper", number(change.upper)),
                        ("atLeast", number(change.atLeast)), ("atMost", number(change.atMost))])
            } ?? "null"
            return object([("days", String(window.days)), ("trials", String(window.trials))]
                          + figures(window.estimate, centsKey: "cents") + [("before", before), ("change", change)])
        }
        return [("intervals", list(intervals)), ("windows", list(windows))]
    }

    /// One interval item: {interval, tuningSystem, tuning, trials, kind, threshold, lower, upper}.
    static func intervalObject(_ item: IntervalThreshold) -> String {
        object([("interval", "\"\(item.interval.abbreviation)\""), ("tuningSystem", string(item.tuningSystem)),
                ("tuning", string(item.tuningSystem)), ("trials", String(item.trials))]
               + figures(item.estimate, centsKey: "threshold"))
    }

    /// kind, the estimate under `centsKey`, lower, upper; "notEnoughData" without an estimate.
    static func figures(_ estimate: ThresholdEstimate?, centsKey: String) -> [(String, String)] {
        guard let estimate else {
            return [("kind", "\"notEnoughData\""), (centsKey, "null"), ("lower", "null"), ("upper", "null")]
        }
        return estimateFields(estimate).map { $0.0 == "cents" ? (centsKey, $0.1) : $0 }
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n        " + items.joined(separator: ",\n        ") + "\n      ]"
    }
}
