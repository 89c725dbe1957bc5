/// Counts a YAML text's keys in one pass, without parsing it: every mapping entry has a `:`
/// indicator (`key: value`, `key:` opening a mapping, `{a: 1}`, `"a":1`) or an explicit `? `.
/// Colons inside quotes, comments and plain scalars (`note:C5`, `128:0`) are not indicators.
/// Text in block scalars (`|`, `>`) is counted as if it were keys, which only errs on the
/// side of refusing a file no settings file resembles.
enum YAMLKeyIndicators {
    /// Why the text must not be parsed, or nil.
    /// Expects `YAMLLineBreaks.normalised` text, and checks it on the worst-case reading too.
    static func refusal(of text: String) -> ConfigFileRefusal? {
        let scan = scan(text), worstCase = YAMLWorstCaseReading.scan(text)
        if let line = scan.firstAliasLine ?? worstCase.firstAliasLine { return .alias(line: line) }
        if scan.keys > ConfigFileLimits.maximumKeys { return .tooManyKeys(count: scan.keys) }
        if worstCase.keys > ConfigFileLimits.maximumKeys { return .tooManyKeys(count: worstCase.keys) }
        return nil
    }

    static func scan(_ text: String) -> (keys: Int, firstAliasLine: Int?) {
        enum State { case plain, comment, doubleQuoted, singleQuoted }
        let bytes = Array(text.utf8)
        var state = State.plain
        var keys = 0
        var line = 1
        var aliasLine: Int?
        var afterClosingQuote = false
        var index = 0
        func byte(at position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
        func isBlank(_ value: UInt8?) -> Bool { value == nil || value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D }
        // A token starts after a blank, at the start of the text, or after a flow indicator.
        func startsToken(_ position: Int) -> Bool {
            guard position > 0 else { return true }
            let previous = bytes[position - 1]
            return isBlank(previous) || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                || previous == UInt8(ascii: ",")
        }
        while index < bytes.count {
            let current = bytes[index]
            if current == 0x0A { line += 1 }
            switch state {
            case .comment:
                if current == 0x0A { state = .plain }
            case .doubleQuoted:
                if current == UInt8(ascii: "\\") {
                    if byte(at: index + 1) == 0x0A { line += 1 }
                    index += 1
                } else if current == UInt8(ascii: "\"") {
                    state = .plain
                    afterClosingQuote = true
                    index += 1
                    continue
                }
            case .singleQuoted:
                if current == UInt8(ascii: "'") {
                    if byte(at: index + 1) == UInt8(ascii: "'") {
                        index += 1
                    } else {
                        state = .plain
                        afterClosingQuote = true
                        index += 1
                        continue
                    }
                }
            case .plain:
                let next = byte(at: index + 1)
                switch current {
                case UInt8(ascii: "#") where index == 0 || isBlank(bytes[index - 1]):
                    state = .comment
                case UInt8(ascii: "\"") where startsToken(index):
                    state = .doubleQuoted
                case UInt8(ascii: "'") where startsToken(index):
                    state = .singleQuoted
                case UInt8(ascii: ":"):
                    let endsKey = isBlank(next) || next == UInt8(ascii: ",") || next == UInt8(ascii: "]")
                        || next == UInt8(ascii: "}")
                    if endsKey || afterClosingQuote { keys += 1 }
                case UInt8(ascii: "?") where startsToken(index) && isBlank(next):
                    keys += 1
                case UInt8(ascii: "*") where startsToken(index) && !isBlank(next):
                    if aliasLine == nil { aliasLine = line }
                default:
                    break
                }
            }
            afterClosingQuote = false
            index += 1
        }
        return (keys, aliasLine)
    }
}
