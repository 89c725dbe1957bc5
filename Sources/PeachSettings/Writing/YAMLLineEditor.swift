/// Sets one key in a YAML text by editing lines, so every other line (comments included)
/// stays as the user wrote it. It understands block mappings, flat dotted keys
/// (`midi.channel: 3`, which swift-configuration reads like the nested form) and block
/// sequences; the caller re-parses the result to make sure nothing else changed.
struct YAMLLineEditor {
    /// A `key:` line.
    struct Entry {
        let line: Int
        let indent: Int
        /// Dotted, as YAMLSnapshot encodes it: nesting joined with dots.
        let path: String
        /// The line up to and including its colon.
        let keyPart: String
        /// ` # comment` after an inline value, kept when the value is replaced.
        let trailingComment: String?
        /// False for `key:` opening a nested mapping or a block sequence.
        let hasInlineValue: Bool
        /// The last line of the value (nested mapping, sequence, block scalar).
        var lastLine: Int
    }

    private(set) var lines: [String]
    private(set) var entries: [Entry] = []

    init(text: String) {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        entries = Self.scan(lines)
    }

    var text: String { lines.map { $0 + "\n" }.joined() }

    /// Every key path in the text, nested mapping parents included.
    var paths: [String] { entries.map(\.path) }

    /// Replaces the value of every line setting `path`, or inserts the key: into its innermost
    /// existing parent mapping, or at the end.
    mutating func set(_ path: String, to yamlValue: String) {
        let matches = entries.filter { $0.path == path }
        if matches.isEmpty {
            insert(path, yamlValue)
        } else {
            // Bottom-up, so earlier line numbers stay valid.
            for entry in matches.reversed() {
                let line = entry.keyPart + " " + yamlValue + (entry.trailingComment ?? "")
                lines.replaceSubrange(entry.line...entry.lastLine, with: [line])
            }
        }
        entries = Self.scan(lines)
    }

    private mutating func insert(_ path: String, _ yamlValue: String) {
        let components = path.split(separator: ".").map(String.init)
        var parent: Entry?
        var depth = components.count - 1
        while depth > 0, parent == nil {
            let prefix = components[..<depth].joined(separator: ".")
            parent = entries.last { $0.path == prefix && !$0.hasInlineValue }
            if parent == nil { depth -= 1 }
        }
        var indent = 0
        var position = lines.count
        if let parent {
            position = parent.lastLine + 1
            indent = entries.first { $0.line > parent.line && $0.line <= parent.lastLine }?.indent ?? parent.indent + 2
        }
        var newLines: [String] = []
        for (offset, component) in components[depth...].enumerated() {
            let isLeaf = offset == components.count - depth - 1
            newLines.append(String(repeating: " ", count: indent) + component + ":" + (isLeaf ? " " + yamlValue : ""))
            indent += 2
        }
        lines.insert(contentsOf: newLines, at: position)
    }

    private static func scan(_ lines: [String]) -> [Entry] {
        var entries: [Entry] = []
        var openParents: [(indent: Int, path: String)] = []
        for (number, line) in lines.enumerated() {
            let indent = line.prefix(while: { $0 == " " }).count
            let content = line.dropFirst(indent)
            guard !isTrivia(content), !isSequenceItem(content), let key = mappingKey(content) else { continue }
            while let last = openParents.last, last.indent >= indent { openParents.removeLast() }
            let path = (openParents.last.map { $0.path + "." } ?? "") + key.name
            let rest = content[key.colonEnd...].drop(while: { $0 == " " })
            let hasInlineValue = !rest.isEmpty && !rest.hasPrefix("#")
            if !hasInlineValue { openParents.append((indent, path)) }
            entries.append(Entry(
                line: number,
                indent: indent,
                path: path,
                keyPart: String(line[..<key.colonEnd]),
                trailingComment: hasInlineValue ? trailingComment(of: rest) : nil,
                hasInlineValue: hasInlineValue,
                lastLine: lastLine(ofValueAt: number, indent: indent, blockSequenceAllowed: !hasInlineValue, in: lines)
            ))
        }
        return entries
    }

    /// The value runs over the following lines indented deeper, plus `- ` items at the same
    /// indentation (YAML allows those for a sequence). Comments after the last such line
    /// belong to whatever comes next.
    private static func lastLine(ofValueAt start: Int, indent: Int, blockSequenceAllowed: Bool, in lines: [String]) -> Int {
        var last = start
        var index = start + 1
        while index < lines.count {
            let lineIndent = lines[index].prefix(while: { $0 == " " }).count
            let content = lines[index].dropFirst(lineIndent)
            if isTrivia(content) {
                index += 1
                continue
            }
            guard lineIndent > indent || (blockSequenceAllowed && lineIndent == indent && isSequenceItem(content)) else { break }
            last = index
            index += 1
        }
        return last
    }

    private static func isTrivia(_ content: Substring) -> Bool {
        let trimmed = content.trimmingWhitespace()
        return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "---" || trimmed == "..." || trimmed.hasPrefix("%")
    }

    private static func isSequenceItem(_ content: Substring) -> Bool {
        content == "-" || content.hasPrefix("- ")
    }

    /// The key of a `key: value` line, plain or quoted, and where its colon ends.
    private static func mappingKey(_ content: Substring) -> (name: String, colonEnd: String.Index)? {
        if let quote = content.first, quote == "\"" || quote == "'" {
            guard let close = content.dropFirst().firstIndex(of: quote) else { return nil }
            let afterQuote = content[content.index(after: close)...]
            guard afterQuote.first == ":" else { return nil }
            let colonEnd = afterQuote.index(after: afterQuote.startIndex)
            guard colonEnd == content.endIndex || content[colonEnd] == " " else { return nil }
            return (String(content[content.index(after: content.startIndex)..<close]), colonEnd)
        }
        var index = content.startIndex
        while index < content.endIndex {
            let next = content.index(after: index)
            if content[index] == "#", index > content.startIndex, content[content.index(before: index)] == " " { return nil }
            if content[index] == ":", next == content.endIndex || content[next] == " " {
                let name = content[..<index].trimmingWhitespace()
                return name.isEmpty ? nil : (name, next)
            }
            index = next
        }
        return nil
    }

    /// The ` # …` that ends an inline value, found outside quotes.
    private static func trailingComment(of value: Substring) -> String? {
        var quote: Character?
        var previous: Character = " "
        for index in value.indices {
            let character = value[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                let start = value[..<index].lastIndex(where: { $0 != " " && $0 != "\t" }).map { value.index(after: $0) } ?? index
                return String(value[start...])
            }
            previous = character
        }
        return nil
    }
}
