import Foundation
import Testing

/// README.md and docs/*.md link into each other and into the repository: every link must lead
/// to a file that exists and, for a Markdown file, to a heading it has, so a section that moves
/// or is renamed cannot leave a dead link behind.
@Suite("Links in README.md and docs/*.md")
struct DocumentationLinkTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var pages: [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [repository.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test("every relative link resolves to a file, and every #anchor to a heading")
    func everyLinkResolves() throws {
        let pages = Self.pages
        #expect(pages.count >= 6, "README.md and the five pages in docs/: \(pages.map(\.lastPathComponent))")
        var checked = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in MarkdownPage.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0])
                let name = "\(page.lastPathComponent): \(link)"
                guard FileManager.default.fileExists(atPath: target.standardizedFileURL.path) else {
                    Issue.record("\(name): no such file")
                    continue
                }
                guard parts.count == 2 else { continue }
                #expect(target.pathExtension == "md", "\(name): an anchor into a file that is not Markdown")
                let anchors = MarkdownPage.anchors(in: try String(contentsOf: target, encoding: .utf8))
                #expect(anchors.contains(parts[1]), "\(name): no such heading")
            }
        }
        #expect(checked > 50, "found only \(checked) links")
    }

    @Test("anchors are GitHub's: lower case, punctuation dropped, spaces to hyphens, repeats numbered")
    func anchorsAreGitHubs() {
        let text = "# Peach\n## Tap latency: `peach calibrate`\n```sh\n# not a heading\n```\n## Why an interval's size\n## Notes\n## Notes\n"
        #expect(MarkdownPage.anchors(in: text) == ["peach", "tap-latency-peach-calibrate", "why-an-intervals-size", "notes", "notes-1"])
    }

    @Test("links are found outside code blocks only")
    func linksOutsideCode() {
        let text = "See [a](docs/a.md#x) and [b](b.md).\n```\n[c](c.md)\n```\n![d](d.png)"
        #expect(MarkdownPage.links(in: text) == ["docs/a.md#x", "b.md", "d.png"])
    }
}

/// What the link check reads of a Markdown page: its inline links and its headings' anchors.
enum MarkdownPage {
    /// The target of every `[text](target)` outside fenced code blocks.
    static func links(in text: String) -> [String] {
        proseLines(of: text).flatMap { line -> [String] in
            var found: [String] = []
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                found.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
            return found
        }
    }

    /// The anchor GitHub gives each heading: lower case, anything but letters, digits, spaces,
    /// hyphens and underscores dropped, spaces turned into hyphens; a repeat gets -1, -2, ….
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return proseLines(of: text).compactMap { line -> String? in
            guard line.hasPrefix("#") else { return nil }
            let title = line.drop { $0 == "#" }
            guard title.hasPrefix(" ") else { return nil }
            let slug = String(title.dropFirst().lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            defer { seen[slug, default: 0] += 1 }
            return seen[slug].map { "\(slug)-\($0)" } ?? slug
        }
    }

    /// The lines outside ``` fences.
    private static func proseLines(of text: String) -> [String] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return nil
            }
            return inFence ? nil : String(line)
        }
    }
}
