import Foundation
import PeachTestSupport
import Testing

/// `peach calibrate`'s help and argument errors, found before any port is touched.
@Suite("peach calibrate: help and errors", .timeLimit(.minutes(Patience.minutes(1))))
struct CalibrateCommandErrorsTests {
    @Test("--help names every option, what is measured and that it is per pair of ports")
    func help() async throws {
        let outcome = try await PeachExecutable.run(["calibrate", "--help"])
        #expect(outcome.status == 0)
        for text in ["--to", "--from", "--clicks", "--json", "--port-wait", "--config", "--data-dir", "pair of ports",
                     "rhythm.tempo", "terminal's keys"] {
            #expect(outcome.stdout.contains(text), "\(text) missing from:\n\(outcome.stdout)")
        }
    }

    @Test("bad arguments are usage errors that name the argument, before anything is opened", arguments: [
        (["--clicks", "11"], "--clicks: 11 is out of range (allowed: 12…96)"),
        (["--clicks", "-1"], "--clicks: -1 is out of range"),
        (["--clicks=97"], "--clicks: 97 is out of range"),
        (["--port-wait", "soon"], "The value 'soon' is invalid for '--port-wait <seconds>': 'soon' is not a valid port wait"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-calibrate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await PeachExecutable.run(["calibrate"] + arguments + ["--data-dir", folder.path],
                                                    environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Usage: peach calibrate "), "the command's own usage: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "no store was created")
    }
}
