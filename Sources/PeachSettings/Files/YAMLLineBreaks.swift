/// A settings file's text with the line breaks the YAML parser (libyaml) sees: besides LF,
/// CRLF and CR it ends lines at NEL (U+0085), LS (U+2028) and PS (U+2029), and it skips a
/// byte-order mark at the start of a line. Screening and editing the normalised text counts
/// lines, ends comments and reads keys where the parser does: a screen counting LF alone
/// took a file of aliases behind NELs for one long comment.
enum YAMLLineBreaks {
    static func normalised(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { isBreak($0) || $0 == byteOrderMark }) else { return text }
        var result = String.UnicodeScalarView()
        var atLineStart = true
        var previousWasCR = false
        for scalar in scalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            if isBreak(scalar) {
                result.append("\n")
                atLineStart = true
                continue
            }
            if scalar == byteOrderMark && atLineStart { continue }
            result.append(scalar)
            atLineStart = false
        }
        return String(result)
    }

    private static let byteOrderMark: Unicode.Scalar = "\u{FEFF}"

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
