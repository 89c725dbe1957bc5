import PeachCore

/// What `peach profile` says of interval trials in a tuning beyond the iOS app's two (issue 32):
/// each tuning's own estimate, apart from its discipline's, whose figures stay the iOS app's.
extension ProfileText {
    /// The tunings a discipline's own figures pool, in words.
    static let iOSTunings = "equal temperament or just intonation"

    /// Whether the discipline was trained in other tunings only.
    static func onlyApart(_ discipline: TrainingDiscipline, _ report: ProfileReport) -> Bool {
        report.otherTunings.contains { $0.discipline == discipline }
    }

    /// Short: "Interval comparison in werckmeister-iii  threshold 9.1 c (7.0–12), 64 trials",
    /// under the disciplines' lines and padded as they are.
    static func otherTuningLines(_ report: ProfileReport, width: Int) -> [String] {
        report.otherTunings.map { other in
            let title = other.title.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
            guard let threshold = other.threshold else { return title + count(other.trials, "trial") }
            var line = title + "\(measure(other.discipline)) \(threshold.estimate.shortText)"
            if let bias = threshold.bias { line += String(format: ", bias %+.1f c", bias) }
            return line + ", \(count(other.trials, "trial"))"
        }
    }

    /// `--full`: per discipline and other tuning, its estimate in words (its intervals are with
    /// the discipline's, named with their tuning).
    static func fullOtherTuningLines(_ report: ProfileReport) -> [String] {
        report.otherTunings.flatMap { other -> [String] in
            let title = "\(other.title.terminalSafe) (kept apart: a tempered interval is another stimulus)"
            guard let threshold = other.threshold else { return [title, "  \(count(other.trials, "trial"))"] }
            return [title] + thresholdLines(threshold)
        }
    }
}
