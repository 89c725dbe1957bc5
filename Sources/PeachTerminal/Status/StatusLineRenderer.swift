/// Renders a `TrainingStatus` as one line, e.g.
/// `interval comparison · trial 3 · P5 up from C4 · 12.5 c · higher or lower? ↑/↓ · ✓ 14.2 c · threshold 4.3 c (3.6–5.2) ·
/// best 10.0 c · improving`.
/// Pure; the line never holds a newline and never takes more than `width` columns, so it
/// never wraps (a cut line ends with "…").
public struct StatusLineRenderer: Hashable, Sendable {
    public var colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    private struct Segment {
        var text: String
        var style: TerminalStyle
    }

    private static let separator = " · "

    /// At most `width` display columns; empty when `width` < 1.
    public func render(_ status: TrainingStatus, width: Int) -> String {
        let parts = Self.parts(of: status)
        var segments: [Segment] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { segments.append(Segment(text: Self.separator, style: .dim)) }
            segments.append(contentsOf: part)
        }
        return styled(Self.truncated(segments, to: width))
    }

    private static func parts(of status: TrainingStatus) -> [[Segment]] {
        var parts: [[Segment]] = []
        var mode = status.mode.description
        // The whole set until a trial asks for one of its intervals.
        let question = status.mode.isInterval ? status.question?.shortText : nil
        if status.mode.isInterval, question == nil, let intervals = status.intervals { mode += " " + intervals }
        parts.append([Segment(text: mode, style: .bold)])
        if let trial = status.trial {
            parts.append([Segment(text: "trial \(trial)", style: .plain)])
        }
        if let question {
            parts.append([Segment(text: question, style: .bold)])
        }
        if let difficulty = status.difficulty {
            let text = status.mode.isMatching ? CentsText.signed(difficulty) : CentsText.magnitude(difficulty)
            parts.append([Segment(text: text, style: .plain)])
        }
        if !status.prompt.text.isEmpty {
            parts.append([Segment(text: status.prompt.text, style: .plain)])
        }
        switch status.lastResult {
        case .comparison(let correct, let offset)?:
            parts.append([Segment(text: (correct ? "✓ " : "✗ ") + CentsText.magnitude(offset),
                                  style: correct ? .green : .red)])
        case .matching(let error, let near)?:
            parts.append([Segment(text: CentsText.signed(error) + (near ? " near" : " far"),
                                  style: near ? .green : .red)])
        case nil:
            break
        }
        if let threshold = status.threshold {
            // The estimate from every trial: what the musician's ear can do, with its 95 % interval.
            let measure = status.mode.isMatching ? "spread " : "threshold "
            parts.append([Segment(text: measure, style: .dim), Segment(text: threshold.shortText, style: .plain)])
        }
        if let best = status.sessionBest {
            parts.append([Segment(text: "best ", style: .dim), Segment(text: CentsText.magnitude(best), style: .plain)])
        }
        if let trend = status.trend {
            parts.append([Segment(text: trend.rawValue, style: .plain)])
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
        let total = segments.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
        guard total > width else { return segments }
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
