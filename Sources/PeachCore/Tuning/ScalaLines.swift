/// The lines of a Scala file that are not comments (a comment line starts with `!`), each with
/// its 1-based line number, as both `.scl` and `.kbm` are read.
struct ScalaLines {
    private let lines: [(number: Int, text: String)]
    private var position = 0
    let source: String
    /// The number of the file's last line, for "the file ends" errors.
    let lastLine: Int

    init(_ text: String, source: String) {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        lines = all.enumerated().filter { !$1.hasPrefix("!") }.map { ($0 + 1, $1) }
        self.source = source
        lastLine = all.count
    }

    /// The next line that is not a comment; `what` names it for the error when the file ends.
    mutating func next(_ what: String) throws(ScalaFileError) -> (number: Int, text: String) {
        guard position < lines.count else {
            throw ScalaFileError(source: source, line: lastLine, reason: "the file ends before \(what)")
        }
        defer { position += 1 }
        return lines[position]
    }

    func fail(_ line: Int, _ reason: String) -> ScalaFileError {
        ScalaFileError(source: source, line: line, reason: reason)
    }

    /// A whole number, spaces and tabs around it allowed and nothing else.
    func wholeNumber(_ line: (number: Int, text: String), _ what: String) throws(ScalaFileError) -> Int {
        let trimmed = line.text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
              let value = Int(trimmed) else {
            throw fail(line.number, "expected \(what) (a whole number), found \"\(trimmed)\"")
        }
        return value
    }
}
