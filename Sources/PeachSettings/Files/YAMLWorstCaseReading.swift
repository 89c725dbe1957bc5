/// Reads a YAML text as if no quote or comment hid anything. `YAMLKeyIndicators` follows
/// quotes and comments, but a quote inside a plain value (`name: rock 'n roll`) is not one
/// for the parser, and a screen fooled into a "quoted" stretch would let its aliases and
/// keys through. So the bounds are also checked on this reading, which can only find more:
/// - keys: every `:` that could end a key, quoted or not;
/// - aliases: a `*name` not inside a word, counted only when an `&name` anchor exists too,
///   since an alias repeats an anchor and without one nothing expands (the parser refuses
///   it). A comment or quoted value holding both is refused too: settings need neither.
enum YAMLWorstCaseReading {
    /// Expects `YAMLLineBreaks.normalised` text: lines end with LF.
    static func scan(_ text: String) -> (keys: Int, firstAliasLine: Int?) {
        let scalars = Array(text.unicodeScalars)
        var keys = 0
        var line = 1
        var firstAlias: Int?
        var anchorSeen = false
        func scalar(at index: Int) -> Unicode.Scalar? { index >= 0 && index < scalars.count ? scalars[index] : nil }
        for (index, current) in scalars.enumerated() {
            let previous = scalar(at: index - 1), next = scalar(at: index + 1)
            switch current {
            case "\n":
                line += 1
            case ":":
                if isBlankOrFlowEnd(next) || previous == "\"" || previous == "'" { keys += 1 }
            case "?":
                if isBlankOrFlowEnd(next) { keys += 1 }
            case "*" where !isWord(previous) && next.map(isAnchorName) == true:
                if firstAlias == nil { firstAlias = line }
            case "&" where !isWord(previous) && next.map(isAnchorName) == true:
                anchorSeen = true
            default:
                break
            }
        }
        return (keys, anchorSeen ? firstAlias : nil)
    }

    private static func isBlankOrFlowEnd(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "," || scalar == "]" || scalar == "}"
    }

    /// Letters and digits: after one, `*` and `&` are inside a plain word (`R&B`, `2*3`).
    private static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.isASCII else { return false }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// What libyaml accepts in an anchor's name is wider; any non-blank counts here.
    private static func isAnchorName(_ scalar: Unicode.Scalar) -> Bool {
        !isBlankOrFlowEnd(scalar) && scalar != "[" && scalar != "{"
    }
}
