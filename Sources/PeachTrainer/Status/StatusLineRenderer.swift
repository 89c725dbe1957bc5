import PeachCore
import PeachTerminal

/// Renders a `TrainingStatus` as one line, e.g.
/// `interval comparison · trial 3 · P5 up from C4 · detuned 12.5 c · higher or lower? ↑/↓ · last ✓ 14.2 c ·
/// threshold 4.3 c (3.6–5.2) · finest 10.0 c · trend improving`: every number with a word that says what it is.
/// Pure; the line never holds a newline and never takes more than `width` columns, so it
/// never wraps: on a narrow terminal the least important parts go first (`Reduction`), so the
/// question, the prompt and the result stay; only then is the line cut (with "…"): what
/// follows the result first, then what comes before it, so the result's value stays whole.
public struct StatusLineRenderer: Hashable, Sendable {
    public var colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    private struct Segment {
        var text: String
        var style: TerminalStyle
        /// The result's value: kept whole while the line has room for it.
        var isResult = false
    }

    private static let separator = " · "

    /// What goes when the line is too wide, least important first. The question, the prompt,
    /// the result and the notice never go; if the line is still too wide without all of
    /// these, it is cut at the end.
    enum Reduction: Int, CaseIterable, Comparable {
        case trend, best, focus, thresholdInterval, intervalSet, modeName, threshold, trialNumber, difficulty, resultLabel

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// At most `width` display columns; empty when `width` < 1.
    public func render(_ status: TrainingStatus, width: Int) -> String {
        var line: [Segment] = []
        for count in 0...Reduction.allCases.count {
            line = Self.joined(Self.parts(of: status, without: Set(Reduction.allCases.prefix(count))))
            if Self.columns(of: line) <= width { break }
        }
        return styled(Self.cut(line, to: width))
    }

    /// Cuts the line at its end, unless that would cut into the result's value: then the parts
    /// before it are cut instead ("P5 up from C4 · higher or lo… · ✓ 14.2 c").
    private static func cut(_ line: [Segment], to width: Int) -> [Segment] {
        guard let result = line.firstIndex(where: \.isResult),
              columns(of: Array(line[...result])) > width else { return truncated(line, to: width) }
        // By now the result's label has gone: only the separator stands before its value.
        let before = Array(line[..<result].dropLast())
        let room = width - columns(of: [line[result]]) - DisplayWidth.columns(of: separator)
        // Too narrow even for one character and "…" before the result: cut at the end.
        guard room >= 2, !before.isEmpty else { return truncated(line, to: width) }
        return truncated(before, to: room) + [Segment(text: separator, style: .dim), line[result]]
    }

    private static func joined(_ parts: [[Segment]]) -> [Segment] {
        var segments: [Segment] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { segments.append(Segment(text: Self.separator, style: .dim)) }
            segments.append(contentsOf: part)
        }
        return segments
    }

    private static func columns(of segments: [Segment]) -> Int {
        segments.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
    }

    private static func parts(of status: TrainingStatus, without omitted: Set<Reduction>) -> [[Segment]] {
        var parts: [[Segment]] = []
        // The whole set until a trial asks for one of its intervals.
        let question = status.mode.isInterval ? status.question?.shortText : nil
        var mode = omitted.contains(.modeName) ? "" : status.mode.description
        if status.mode.isInterval, question == nil, !omitted.contains(.intervalSet), let intervals = status.intervals {
            mode += (mode.isEmpty ? "" : " ") + intervals
        }
        if !mode.isEmpty { parts.append([Segment(text: mode, style: .bold)]) }
        if let trial = status.trial, !omitted.contains(.trialNumber) {
            parts.append([Segment(text: "trial \(trial)", style: .plain)])
        }
        if let focus = status.focus, !omitted.contains(.focus) {
            parts.append([Segment(text: "focus: ", style: .dim), Segment(text: focus, style: .plain)])
        }
        if let question {
            parts.append([Segment(text: question, style: .bold)])
        }
        if let tempo = status.tempo, status.mode.isRhythm {
            parts.append([Segment(text: tempo.description, style: .bold)])
        }
        if let percent = status.rhythmOffsetPercent, status.mode.isRhythm, !omitted.contains(.difficulty) {
            // How far off the beat the fourth click is: what is asked now.
            parts.append([Segment(text: "off by ", style: .dim),
                          Segment(text: SixteenthPercentText.magnitudeText(percent: percent), style: .plain)])
        }
        if let difficulty = status.difficulty, !omitted.contains(.difficulty) {
            // How far the target is from the reference (or the pure interval): what is asked now.
            parts.append([Segment(text: "detuned ", style: .dim), Segment(text: CentsText.magnitude(difficulty), style: .plain)])
        }
        // Answers relative to the target name its note: with the whole keyboard as answer keys,
        // the musician needs to know where "above" starts.
        let prompt = status.prompt.text(controls: status.controls, target: status.question?.target)
        if !prompt.isEmpty {
            parts.append([Segment(text: prompt, style: .plain)])
        }
        switch status.lastResult {
        case .comparison(let correct, let offset)?:
            let label = omitted.contains(.resultLabel) ? [] : [Segment(text: "last ", style: .dim)]
            parts.append(label + [Segment(text: (correct ? "✓ " : "✗ ") + CentsText.magnitude(offset),
                                          style: correct ? .green : .red, isResult: true)])
        case .matching(let error, let near)?:
            let label = omitted.contains(.resultLabel) ? [] : [Segment(text: "ended ", style: .dim)]
            parts.append(label + [Segment(text: CentsText.pitch(error) + (near ? " (near)" : " (far)"),
                                          style: near ? .green : .red, isResult: true)])
        case .rhythmOffsetDetection(let correct, let percent)?:
            let label = omitted.contains(.resultLabel) ? [] : [Segment(text: "last ", style: .dim)]
            parts.append(label + [Segment(text: (correct ? "✓ " : "✗ ") + SixteenthPercentText.text(percent: percent),
                                          style: correct ? .green : .red, isResult: true)])
        case .tapOffset(let percent, let milliseconds, let near)?:
            let label = omitted.contains(.resultLabel) ? [] : [Segment(text: "tap ", style: .dim)]
            parts.append(label + [Segment(text: SixteenthPercentText.text(percent: percent)
                                          + " (" + CentsText.milliseconds(milliseconds) + ")",
                                          style: near ? .green : .red, isResult: true)])
        case .rhythmMissed?:
            let label = omitted.contains(.resultLabel) ? [] : [Segment(text: "last ", style: .dim)]
            parts.append(label + [Segment(text: "no tap", style: .yellow, isResult: true)])
        case nil:
            break
        }
        if let mean = status.rhythmMean, status.mode.isRhythm, !omitted.contains(.threshold) {
            parts.append([Segment(text: "\(mean.direction.rawValue) mean ", style: .dim),
                          Segment(text: SixteenthPercentText.magnitudeText(percent: mean.percent), style: .plain)])
        }
        if let threshold = status.threshold, !omitted.contains(.threshold) {
            // The estimate from every trial: what the musician's ear can do, with its 95 % interval.
            let measure = status.mode.isMatching ? "spread " : "threshold "
            let text = omitted.contains(.thresholdInterval) ? threshold.estimateText : threshold.shortText
            parts.append([Segment(text: measure, style: .dim), Segment(text: text, style: .plain)])
        }
        if let best = status.sessionBest, !omitted.contains(.best) {
            // The session's best: the finest difference answered right, the closest match.
            parts.append([Segment(text: status.mode.isMatching ? "closest " : "finest ", style: .dim),
                          Segment(text: CentsText.magnitude(best), style: .plain)])
        }
        if let trend = status.trend, !omitted.contains(.trend) {
            parts.append([Segment(text: "trend ", style: .dim), Segment(text: trend.rawValue, style: .plain)])
        }
        if let notice = status.notice, !notice.isEmpty {
            // A notice comes from outside (port names): keep control characters out of the line.
            let clean = String(notice.map { DisplayWidth.isControl($0) ? " " : $0 })
            parts.append([Segment(text: clean, style: .yellow)])
        }
        return parts
    }

    private static func truncated(_ segments: [Segment], to width: Int) -> [Segment] {
        guard width > 0 else { return [] }
        guard columns(of: segments) > width else { return segments }
        let ellipsis = "…"
        var room = width - DisplayWidth.columns(of: ellipsis)
        var kept: [Segment] = []
        for segment in segments {
            var text = ""
            for character in segment.text {
                let columns = DisplayWidth.columns(of: character)
                guard columns <= room else { break }
                text.append(character)
                room -= columns
            }
            if !text.isEmpty { kept.append(Segment(text: text, style: segment.style)) }
            if text.count < segment.text.count { break }
        }
        kept.append(Segment(text: ellipsis, style: .dim))
        return kept
    }

    private func styled(_ segments: [Segment]) -> String {
        segments.map { segment in
            guard colors, segment.style != .plain else { return segment.text }
            return segment.style.start + segment.text + TerminalStyle.reset
        }.joined()
    }
}
