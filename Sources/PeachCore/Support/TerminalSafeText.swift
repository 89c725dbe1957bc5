extension String {
    /// The text with every control character shown as an escape (`\e`, `\t`, `\x07`, `\u{9B}`,
    /// `\u{202E}`), so a value from a file or a path quoted in a message cannot move the cursor,
    /// recolour or clear the terminal it is printed on, nor reverse the text around it. Plain
    /// text comes back unchanged. For user-supplied text in error sentences.
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": result += "\\e"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value < 0x80 ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{\(hex)}"
            }
        }
        return result
    }

    /// For a message that quotes a value from outside (a setting, a field, a name typed on
    /// the command line): at most `quotedExcerptLength` characters of it, then "…", shown
    /// `terminalSafe`. A 10 MB value must not become a 10 MB message.
    public var quotedExcerpt: String {
        let excerpt = count > Self.quotedExcerptLength ? String(prefix(Self.quotedExcerptLength)) + "…" : self
        return excerpt.terminalSafe
    }

    public static let quotedExcerptLength = 60

    /// C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional overrides.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
