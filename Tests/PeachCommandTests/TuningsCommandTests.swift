import Foundation
import PeachTestSupport
import Testing

@Suite("peach tunings and --tuning", .timeLimit(.minutes(Patience.minutes(1))))
struct TuningsCommandTests {
    static func run(_ arguments: [String]) async throws -> PeachExecutable.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tunings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await PeachExecutable.run(arguments, environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
    }

    @Test("peach tunings lists every built-in with its twelve deviations")
    func lists() async throws {
        let outcome = try await Self.run(["tunings"])
        #expect(outcome.status == 0, "\(outcome)")
        let rows = outcome.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("tuning") == true)
        #expect(rows.contains { $0.hasPrefix("werckmeister-iii   0.00  -9.78  -7.82  -5.87  -9.78  -1.96 -11.73  -3.91  -7.82 -11.73  -3.91  -7.82") },
                "\(outcome.stdout)")
        for name in ["pythagorean", "meantone-1/4", "meantone-1/6", "kirnberger-iii", "vallotti", "young"] {
            #expect(rows.contains { $0.hasPrefix(Substring(name + " ")) }, "\(name) missing")
        }
    }

    @Test("an unknown tuning or a malformed Scala file is a usage error naming what and where", arguments: [
        (["tunings", "meantone"], "The value 'meantone' is invalid for '<tuning>': unknown tuning 'meantone'"),
        (["play", "--tuning", "meantone", "C4"], "The value 'meantone' is invalid for '--tuning <tuning>': unknown tuning 'meantone'"),
        (["train", "--tuning", "/nonexistent/x.scl"], "The value '/nonexistent/x.scl' is invalid for '--tuning <tuning>': Scala tuning: /nonexistent/x.scl: no such file"),
        (["play", "--tuning", "vallotti", "--frequency", "440"], "--tuning and --frequency"),
        (["play", "C4", "C6"], "SECOND-NOTE: C6 is 24 semitones from C4"),
    ])
    func refused(arguments: [String], message: String) async throws {
        let outcome = try await Self.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Usage: peach \(arguments[0]) "), "\(outcome.stderr)")
    }
}
