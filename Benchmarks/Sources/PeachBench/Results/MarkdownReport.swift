import Foundation

/// BENCHMARKS.md from the figures' results. Everything below `analysisMarker` in an existing
/// file is written by hand (why a target was missed, what was done about it) and is kept.
struct MarkdownReport {
    /// A table cell: a "|" in the text (|offset|) would end the cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    static let analysisMarker = "<!-- Written by hand below this line; scripts/bench keeps it when it rewrites the file. -->"

    let results: [FigureResult]
    let date: Date
    let command: String
    let toolchain: String

    func render(keepingAnalysisOf existing: String?) -> String {
        var lines: [String] = []
        let quick = results.contains(where: \.quick)
        lines.append("# Benchmarks")
        lines.append("")
        lines.append("Measured on \(Self.dateText(date)) by `\(command)`\(quick ? " in QUICK MODE (a few samples, no verdicts)" : ""), "
                     + "which rewrites the tables of this file; \(toolchain).")
        lines.append("")
        for place in orderedPlaces() {
            let figures = results.filter { $0.place == place }.map { String($0.number) }.joined(separator: ", ")
            lines.append("- Figure\(figures.contains(",") ? "s" : "") \(figures): \(place)")
        }
        lines.append("")
        lines.append("Each figure is measured with its baseline in the same run. Percentiles are by nearest rank "
                     + "(the p99 of 1000 samples is the 990th smallest).")
        lines.append("")
        lines.append("| # | Figure | Target | Measured (p99 / max) | Baseline (p99 / max) | Verdict |")
        lines.append("|---|---|---|---|---|---|")
        for result in results {
            let measured = result.series.first { $0.role == .measured }
            let baseline = result.series.first { $0.role == .baseline }
            lines.append("| \(result.number) | \(result.title) | \(result.target) | \(measured.map(Self.brief) ?? "–") | "
                         + "\(baseline.map(Self.brief) ?? "–") | **\(result.verdict.word)** |")
        }
        for result in results {
            lines.append("")
            lines.append("## \(result.number). \(result.title)")
            lines.append("")
            lines.append("Target: \(result.target). **\(result.verdict.word.capitalized)**: \(result.verdict.detail).")
            lines.append("")
            lines.append("| Series | Unit | Samples | Median | p99 | Max | Mean |")
            lines.append("|---|---|---|---|---|---|---|")
            for series in result.series {
                let s = series.summary
                let label = series.role == .baseline ? "\(series.label) (baseline)" : series.label
                lines.append("| \(Self.cell(label)) | \(series.unit) | \(s.samples) | \(Self.number(s.median)) | \(Self.number(s.p99)) | "
                             + "\(Self.number(s.max)) | \(Self.number(s.mean)) |")
            }
            lines.append("")
            if let table = result.table, let header = table.first {
                lines.append("| " + header.map(Self.cell).joined(separator: " | ") + " |")
                lines.append("|" + String(repeating: "---|", count: header.count))
                for row in table.dropFirst() { lines.append("| " + row.map(Self.cell).joined(separator: " | ") + " |") }
                lines.append("")
            }
            for finding in result.findings { lines.append("- \(finding)") }
        }
        lines.append("")
        lines.append(Self.analysisMarker)
        if let existing, let marker = existing.range(of: Self.analysisMarker) {
            lines.append(String(existing[marker.upperBound...]).trimmingCharacters(in: .newlines))
        } else {
            lines.append("")
            lines.append("## Analysis")
            lines.append("")
            lines.append("(Why a target was missed and what was done about it.)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func orderedPlaces() -> [String] {
        var seen: [String] = []
        for result in results where !seen.contains(result.place) { seen.append(result.place) }
        return seen
    }

    private static func brief(_ series: FigureResult.Series) -> String {
        "\(number(series.summary.p99)) / \(number(series.summary.max)) \(series.unit)"
    }

    /// Four significant digits, without an exponent for the magnitudes the figures have.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : magnitude >= 1 ? 3
            : magnitude >= 0.01 || magnitude == 0 ? 4 : 6
        return String(format: "%.\(decimals)f", value)
    }

    static func dateText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
