import Foundation
import PeachTestSupport
import Testing

/// docs/peach.1, the manual page scripts/install installs: written by hand, so a test keeps it
/// naming every command `peach --help` lists, and groff (where installed) finds nothing wrong.
@Suite("docs/peach.1", .timeLimit(.minutes(Patience.minutes(1))))
struct ManPageTests {
    static let pagePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/peach.1").path

    /// The command names of `peach --help`'s SUBCOMMANDS section.
    static func commands(inHelp help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    @Test("names every command of peach --help in its COMMANDS section")
    func everyCommand() async throws {
        let help = try await PeachExecutable.run(["--help"])
        #expect(help.status == 0, "\(help)")
        let commands = Self.commands(inHelp: help.stdout)
        try #require(commands.count >= 10, "no commands found in:\n\(help.stdout)")
        let page = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        let section = try #require(page.components(separatedBy: ".SH COMMANDS").dropFirst().first?
            .components(separatedBy: "\n.SH ").first)
        for command in commands {
            #expect(section.contains(".B \(command)") || section.contains(".BI \(command) ")
                    || section.contains(".BR \(command) "), "docs/peach.1 does not describe \(command)")
        }
    }

    static let groff = ["/usr/bin/groff", "/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("groff renders it without a warning", .enabled(if: groff != nil, "groff is not installed"))
    func renders() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.groff))
        process.arguments = ["-man", "-Tutf8", "-ww", "-z", Self.pagePath]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && complaints.isEmpty, "\(complaints)")
    }
}
