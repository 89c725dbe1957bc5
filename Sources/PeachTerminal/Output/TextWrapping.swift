/// Breaks text into lines that fit a terminal's width, at word boundaries, counting display
/// columns (so ↑ and ✓ count one, wide characters two).
public enum TextWrapping {
    /// Lays `units` out on lines of at most `width` columns, joined by `separator` within a
    /// line; the first line starts with `firstIndent`, the others with `indent`. A unit is kept
    /// whole when it fits on a line; a longer one is broken at its spaces, and only a word wider
    /// than a whole line is cut, so no line is wider than `width` (unless the indent and one
    /// character are).
    public static func lines(of units: [String], separator: String = " ", width: Int,
                             firstIndent: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var line = firstIndent
        var empty = true
        func newLine() {
            lines.append(line)
            line = indent
            empty = true
        }
        func place(_ text: String, joint: String) -> Bool {
            let added = (empty ? "" : joint) + text
            guard DisplayWidth.columns(of: line + added) <= width else { return false }
            line += added
            empty = false
            return true
        }
        func placeOnSomeLine(_ text: String, joint: String) -> Bool {
            if place(text, joint: joint) { return true }
            guard !empty else { return false }
            newLine()
            return place(text, joint: joint)
        }
        for unit in units where !placeOnSomeLine(unit, joint: separator) {
            for word in unit.split(separator: " ").map(String.init) where !placeOnSomeLine(word, joint: " ") {
                // A word wider than a whole line: cut it, on a line of its own.
                for character in word where !place(String(character), joint: "") {
                    if !empty { newLine() }
                    line.append(character)
                    empty = false
                }
            }
        }
        if !empty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
