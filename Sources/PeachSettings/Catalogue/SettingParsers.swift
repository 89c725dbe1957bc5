import PeachCore

/// Turns raw text into the numbers and lists the domain types validate. Every failure is a
/// `DomainValueError`, so a warning reads the same whether the domain or the syntax refused it.
enum SettingParsers {
    static func scalar(_ raw: RawSettingValue, type: String) throws(DomainValueError) -> String {
        switch raw {
        case .text(let text):
            return text.trimmingWhitespace()
        case .list:
            throw .malformed(type: type, value: raw.description, expected: "a single value, not a list")
        }
    }

    static func number(_ raw: RawSettingValue, type: String, unit: String) throws(DomainValueError) -> Double {
        let text = try scalar(raw, type: type)
        guard let number = Double(text) else {
            throw .malformed(type: type, value: text, expected: "a number of \(unit)")
        }
        return number
    }

    static func wholeNumber(_ raw: RawSettingValue, type: String) throws(DomainValueError) -> Int {
        let text = try scalar(raw, type: type)
        guard let number = Int(text) else {
            throw .malformed(type: type, value: text, expected: "a whole number")
        }
        return number
    }

    /// A YAML list, or text separated by commas (the only form an environment variable has).
    static func items(_ raw: RawSettingValue) -> [String] {
        switch raw {
        case .text(let text): text.split(separator: ",").map { $0.trimmingWhitespace() }
        case .list(let items): items.map { $0.trimmingWhitespace() }
        }
    }

    /// "1…127": ranges as the comments and messages show them.
    static func span<Bound: Comparable>(_ range: ClosedRange<Bound>) -> String {
        "\(range.lowerBound)…\(range.upperBound)"
    }
}
