/// Spells values as YAML scalars that read back as the same text.
enum YAMLScalar {
    /// Bare when nothing in the text could be taken for YAML syntax, quoted otherwise
    /// ("C#3" stays readable either way, but a quote is never wrong).
    static func plainOrQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._+-".unicodeScalars.contains(scalar)
        }
        return safe ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func flowList(_ items: [String]) -> String {
        "[" + items.map(plainOrQuoted).joined(separator: ", ") + "]"
    }

    /// What YAML reads as null; a file layer treats these like an empty value.
    static let nullSpellings: Set<String> = ["~", "null", "Null", "NULL"]
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
