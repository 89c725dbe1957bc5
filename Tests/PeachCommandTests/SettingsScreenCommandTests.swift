import Foundation
import PeachTestSupport
import Testing

/// Hostile settings files, as a shared preset could bring them: every command still answers
/// at once, with the file refused in one sentence.
@Suite("Settings files the screen must see through", .timeLimit(.minutes(Patience.minutes(5))))
struct SettingsScreenCommandTests {
    /// Nine levels of ten aliases each behind a comment, every line ended by `lineBreak`: a few
    /// hundred bytes that stand for 10⁹ keys.
    static func laughs(lineBreak: String) -> String {
        let keys = (0..<10).map { "k\($0)" }
        var lines = ["# shared preset", "l0: &l0 {" + keys.map { "\($0): 1" }.joined(separator: ", ") + "}"]
        for level in 1..<9 {
            lines.append("l\(level): &l\(level) {" + keys.map { "\($0): *l\(level - 1)" }.joined(separator: ", ") + "}")
        }
        return lines.joined(separator: lineBreak) + lineBreak
    }

    @Test("aliased mappings behind NEL line breaks: settings get returns promptly and names the alias",
          arguments: ["\u{85}", "\u{2028}"])
    func aliasesBehindUnicodeBreaks(lineBreak: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("preset.yaml")
        try Data(Self.laughs(lineBreak: lineBreak).utf8).write(to: file)
        // Generous: before the fix this ran for many minutes; after it, milliseconds.
        let outcome = try await PeachExecutable.run(
            ["settings", "get", "velocity", "--config", file.path],
            environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path], timeout: .seconds(120))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdout.isEmpty, "\(outcome)")
        #expect(outcome.stderr.contains("\(file.path): uses a YAML alias (*name) on line 3"), "\(outcome)")
    }
}
