/// What one figure measured, as the run writes it (JSON, one file per figure) and the report
/// renders it. `series` holds the measurement and its baseline side by side.
struct FigureResult: Codable, Sendable {
    let number: Int
    let title: String
    /// The target as the issue states it, in words.
    let target: String
    var series: [Series]
    var verdict: Verdict
    /// Method, counts and anything else a reader needs to trust the numbers, one line each.
    var findings: [String]
    /// A figure's own table (header row first), shown before its findings; absent in most.
    var table: [[String]]? = nil
    /// Where it ran: "host" or the VM's description; set by the runner.
    var place: String = ""
    var quick: Bool = false

    struct Series: Codable, Sendable {
        enum Role: String, Codable, Sendable {
            case measured
            case baseline
        }

        let label: String
        let role: Role
        let unit: String
        let summary: Summary

        init(_ label: String, role: Role = .measured, unit: String, values: [Double]) {
            self.label = label
            self.role = role
            self.unit = unit
            summary = Summary(values)
        }
    }

    enum Verdict: Codable, Sendable {
        case met(String)
        case missed(String)
        /// Quick mode, or a figure that could not be judged here.
        case notJudged(String)

        var word: String {
            switch self {
            case .met: "met"
            case .missed: "missed"
            case .notJudged: "not judged"
            }
        }

        var detail: String {
            switch self {
            case .met(let text), .missed(let text), .notJudged(let text): text
            }
        }

        /// `met` when `holds`, else `missed`; the same words either way.
        static func judging(_ holds: Bool, _ detail: String) -> Verdict {
            holds ? .met(detail) : .missed(detail)
        }
    }
}
