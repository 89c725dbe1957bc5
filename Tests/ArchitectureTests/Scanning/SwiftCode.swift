/// A Swift source file's code alone: comments and the text of string literals blanked out
/// (interpolated expressions are code and stay), so that a rule about code does not trip over a
/// word in a doc comment or an error message.
struct SwiftCode {
    /// The source with every comment and every literal's text replaced by spaces; line breaks kept,
    /// so line numbers still match.
    let text: String

    init(source: String) {
        text = Self.blankingCommentsAndLiterals(source)
    }

    /// One line of code with its 1-based number, blank lines left out.
    var lines: [(number: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.allSatisfy(\.isWhitespace) ? nil : (index + 1, String(line))
        }
    }

    /// The module of each `import` (`@testable import X`, `import struct X.Y`, `@preconcurrency import X`).
    var importedModules: [(line: Int, module: String)] {
        lines.compactMap { line in
            var words = line.text.split(whereSeparator: \.isWhitespace).map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            if let first = words.first, ["public", "internal", "package", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { return nil }
            let kinds = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return (line.number, String(path.prefix { $0 != "." }))
        }
    }

    /// Every identifier (or keyword) with the line it is on.
    var identifiers: [(line: Int, name: String)] {
        var result: [(Int, String)] = []
        var line = 1
        var start: Int?
        let bytes = Array(text.utf8)
        func isPart(_ byte: UInt8) -> Bool {
            // Letters, digits, `_`, and any non-ASCII byte (a letter of another script).
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
            if isPart(byte) {
                if start == nil { start = index }
                continue
            }
            if let first = start {
                if !(bytes[first] >= UInt8(ascii: "0") && bytes[first] <= UInt8(ascii: "9")) {
                    result.append((line, String(decoding: bytes[first..<index], as: UTF8.self)))
                }
                start = nil
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        return result
    }

    private enum Context {
        case code(parenDepth: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// Works on UTF-8 bytes: every delimiter is ASCII, and bytes keep the scan fast in debug builds.
    private static func blankingCommentsAndLiterals(_ text: String) -> String {
        let source = Array(text.utf8)
        var output = source
        var stack: [Context] = [.code(parenDepth: 0)]
        var index = 0
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        let open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        func blank(_ range: Range<Int>) {
            // A multi-byte character becomes several spaces: columns shift, lines do not.
            for position in range.clamped(to: 0..<source.count) where output[position] != newline { output[position] = space }
        }
        func at(_ position: Int, _ first: UInt8, _ second: UInt8? = nil) -> Bool {
            guard position < source.count, source[position] == first else { return false }
            guard let second else { return true }
            return position + 1 < source.count && source[position + 1] == second
        }
        func run(of byte: UInt8, from position: Int) -> Int {
            var count = 0
            while position + count < source.count && source[position + count] == byte { count += 1 }
            return count
        }
        while index < source.count {
            switch stack.last! {
            case .code(let depth):
                if at(index, slash, slash) {
                    let end = source[index...].firstIndex(of: newline) ?? source.count
                    blank(index..<end)
                    index = end
                } else if at(index, slash, star) {
                    // Swift's block comments nest.
                    var nesting = 0
                    var end = index
                    repeat {
                        if at(end, slash, star) { nesting += 1; end += 2 }
                        else if at(end, star, slash) { nesting -= 1; end += 2 }
                        else { end += 1 }
                    } while nesting > 0 && end < source.count
                    blank(index..<end)
                    index = end
                } else if source[index] == hash || source[index] == quote {
                    let hashes = run(of: hash, from: index)
                    guard at(index + hashes, quote) else { index += max(hashes, 1); continue }
                    let multiline = run(of: quote, from: index + hashes) >= 3
                    index += hashes + (multiline ? 3 : 1)
                    stack.append(.string(multiline: multiline, hashes: hashes))
                } else if source[index] == open {
                    stack[stack.count - 1] = .code(parenDepth: depth + 1)
                    index += 1
                } else if source[index] == close {
                    if depth == 0 && stack.count > 1 {
                        stack.removeLast()  // the end of an interpolation: back in its string
                    } else {
                        stack[stack.count - 1] = .code(parenDepth: max(depth - 1, 0))
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let multiline, let hashes):
                let quotes = multiline ? 3 : 1
                if run(of: quote, from: index) >= quotes && run(of: hash, from: index + quotes) >= hashes {
                    stack.removeLast()
                    index += quotes + hashes
                } else if source[index] == backslash && run(of: hash, from: index + 1) >= hashes {
                    let escape = 1 + hashes
                    if at(index + escape, open) {
                        blank(index..<index + escape + 1)
                        index += escape + 1
                        stack.append(.code(parenDepth: 0))
                    } else {
                        blank(index..<index + escape + 1)
                        index += escape + 1
                    }
                } else {
                    blank(index..<index + 1)
                    index += 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
