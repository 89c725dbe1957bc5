import PeachCore

/// The rhythm lines of `peach profile`: per tempo, offset detection's threshold on each side and
/// where the matching taps land, in percent of a sixteenth note; one line when nothing is stored.
enum RhythmProfileText {
    static let empty = "Rhythm: no training yet."

    static func lines(_ report: RhythmReport) -> [String] {
        guard !report.isEmpty else { return [empty] }
        var lines = RhythmBandText.lines(report.bands)
        lines.append(RhythmDiscipline.offsetDetection.title
                     + " (the offset you hear 75 % of the time, from every trial; % of a sixteenth note)")
        if report.detection.isEmpty { lines.append("  no trials yet") }
        for tempo in report.detection {
            lines.append("  \(label(tempo.tempo))" + [side("early", tempo.early), side("late", tempo.late)]
                .joined(separator: "   "))
            let answers = [answers("early", tempo.early.statistics), answers("late", tempo.late.statistics)]
                .compactMap { $0 }
            if !answers.isEmpty {
                lines.append("  \(indent)correct answers: " + answers.joined(separator: " · "))
            }
        }
        lines.append(RhythmDiscipline.matching.title + " (where your taps land; % of a sixteenth note)")
        if report.matching.isEmpty { lines.append("  no taps yet") }
        for tempo in report.matching {
            lines.append("  \(label(tempo.tempo))on average \(SixteenthPercentText.text(percent: tempo.fit.bias)), "
                         + "spread (SD) \(RhythmEstimateText.short(tempo.fit.spread)), \(count(tempo.taps, "tap"))")
            let sides = [taps("early", tempo.earlyTaps, tempo.early), taps("late", tempo.lateTaps, tempo.late)]
                .compactMap { $0 }
            lines.append("  \(indent)" + sides.joined(separator: " · "))
        }
        return lines
    }

    private static let indent = String(repeating: " ", count: 9)

    /// "80 BPM   ", as wide as the indent beneath it.
    private static func label(_ tempo: TempoBPM) -> String {
        "\(tempo.value) BPM".padding(toLength: indent.count, withPad: " ", startingAt: 0)
    }

    private static func side(_ name: String, _ side: RhythmReport.DetectionSide) -> String {
        guard let threshold = side.threshold else { return "\(name): no trials yet" }
        return "\(name) \(RhythmEstimateText.short(threshold)), \(count(side.trials, "trial"))"
    }

    private static func answers(_ name: String, _ statistics: DisciplineStatistics?) -> String? {
        guard let statistics else { return nil }
        return "\(name) mean \(RhythmEstimateText.percent(statistics.mean)), "
            + "EWMA \(RhythmEstimateText.percent(statistics.ewma)), trend \(statistics.trend?.rawValue ?? "–")"
    }

    private static func taps(_ name: String, _ count: Int, _ statistics: DisciplineStatistics?) -> String? {
        guard let statistics, count > 0 else { return nil }
        return "\(name): \(Self.count(count, "tap")), mean \(RhythmEstimateText.percent(statistics.mean)), "
            + "trend \(statistics.trend?.rawValue ?? "–")"
    }

    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}

extension RhythmDiscipline {
    /// "Rhythm offset detection", "Rhythm matching": a heading.
    var title: String { displayName.prefix(1).uppercased() + displayName.dropFirst() }
}
