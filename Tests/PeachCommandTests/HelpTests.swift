import Foundation
import PeachTestSupport
import Testing

/// Every command a user can type answers `--help` with its usage and a real description; the
/// top-level help lists them all.
@Suite("Every command's --help", .timeLimit(.minutes(Patience.minutes(1))))
struct HelpTests {
    static let commands: [[String]] = [
        ["train"], ["ports"], ["play"], ["monitor"], ["learn"], ["calibrate"], ["doctor"],
        ["settings"], ["settings", "list"], ["settings", "get"], ["settings", "set"], ["settings", "defaults"],
        ["profile"], ["export"], ["import"], ["reset"],
    ]

    @Test("peach COMMAND --help: exit 0, OVERVIEW, USAGE naming the command, no placeholder", arguments: commands)
    func help(command: [String]) async throws {
        let outcome = try await PeachExecutable.run(command + ["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("USAGE: peach \(command.joined(separator: " "))"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("(not yet)"), "a stub's abstract: \(outcome.stdout)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    @Test("peach --help lists every command, and not the crash-test helper")
    func topLevel() async throws {
        let outcome = try await PeachExecutable.run(["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        for command in Set(Self.commands.map { $0[0] }) {
            #expect(outcome.stdout.contains("  \(command) "), "\(command) missing from:\n\(outcome.stdout)")
        }
        #expect(!outcome.stdout.contains("store-crash-writer"))
    }

    @Test("the crash-test helper is not in the product: peach store-crash-writer is a usage error and writes nothing")
    func crashWriterIsNotACommand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-no-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Arguments the old hidden command took, asking it for no trials: it would have exited 0.
        let outcome = try await PeachExecutable.run(["store-crash-writer", "--data-dir", folder.path,
                                                     "--first-timestamp", "0", "--count", "0"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("peach --version prints the version alone, a release number like 1.2.3")
    func version() async throws {
        let outcome = try await PeachExecutable.run(["--version"])
        #expect(outcome.status == 0, "\(outcome)")
        let parts = outcome.stdout.trimmingCharacters(in: .newlines).split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(outcome.stdout)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }
}
