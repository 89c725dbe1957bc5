import Foundation
import PeachCore

/// Every finding of one `peach doctor` run, as text or JSON, and the exit status it implies.
public struct DoctorReport: Sendable {
    public let findings: [DoctorFinding]

    public init(findings: [DoctorFinding]) {
        self.findings = findings
    }

    public var problems: [DoctorFinding] { findings.filter { $0.verdict == .problem } }
    public var warnings: [DoctorFinding] { findings.filter { $0.verdict == .warning } }

    /// 0 when nothing is a problem (warnings allowed), else 1.
    public var exitStatus: Int32 { problems.isEmpty ? 0 : 1 }

    /// One block per finding, then a summary line.
    public var text: String {
        var lines: [String] = []
        for finding in findings {
            let mark = switch finding.verdict {
            case .ok: "ok     "
            case .warning: "warning"
            case .problem: "PROBLEM"
            }
            lines.append("\(mark)  \(finding.title): \(finding.found)")
            if let fix = finding.fix {
                let label = finding.verdict == .problem ? "fix" : "advice"
                // Continuation lines start under the fix's first character.
                let indent = String(repeating: " ", count: 9 + label.count + 2)
                let indented = fix.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated().map { $0.offset == 0 ? String($0.element) : indent + $0.element }
                lines.append("         \(label): " + indented.joined(separator: "\n"))
            }
        }
        lines.append("")
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    public var summary: String {
        let problemCount = problems.count, warningCount = warnings.count
        if problemCount == 0 && warningCount == 0 { return "Everything looks fine." }
        return [problemCount > 0 ? Self.count(problemCount, "problem") : nil,
                warningCount > 0 ? Self.count(warningCount, "warning") : nil]
            .compactMap { $0 }.joined(separator: ", ")
            + (problemCount > 0 ? ": fix the problems above and run `peach doctor` again." : "; nothing stops Peach.")
    }

    /// An array of {check, title, verdict, found, fix}, fix null when there is none.
    public var json: String {
        let array = JSONValue.array(findings.map { finding in
            .object([
                "check": .string(finding.check),
                "title": .string(finding.title),
                "verdict": .string(finding.verdict.rawValue),
                "found": .string(finding.found),
                "fix": .optional(finding.fix),
            ])
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(array)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
