import Foundation
import PeachTestSupport
import Testing

/// `peach train` on a machine without a sequencer, and its argument errors, which are found
/// before any port is touched.
@Suite("peach train: help and errors", .timeLimit(.minutes(Patience.minutes(1))))
struct TrainCommandErrorsTests {
    /// Its own config and data folders, so the user's settings never leak in.
    static func run(_ arguments: [String]) async throws -> PeachExecutable.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-train-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await PeachExecutable.run(["train"] + arguments + ["--data-dir", folder.path],
                                             environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
    }

    @Test("--help names every option and the keys")
    func help() async throws {
        let outcome = try await PeachExecutable.run(["train", "--help"])
        #expect(outcome.status == 0)
        for option in ["--to", "--from", "--intervals", "--trials", "--json", "--port-wait", "--config", "--data-dir"] {
            #expect(outcome.stdout.contains(option), "\(option) missing from:\n\(outcome.stdout)")
        }
        #expect(outcome.stdout.contains("interval-comparison"))
        #expect(outcome.stdout.contains("q quits"))
    }

    @Test("bad arguments are usage errors that name the argument", arguments: [
        (["bogus"], "The value 'bogus' is invalid for '<mode>': unknown training mode 'bogus'"),
        (["comparison", "--intervals", "P5x"], "The value 'P5x' is invalid for '--intervals <list>': "),
        (["comparison", "--trials=-3"], "--trials: -3 is negative"),
        (["comparison", "--trials", "-1"], "--trials: -1 is negative"),
        (["comparison", "--port-wait", "soon"], "The value 'soon' is invalid for '--port-wait <seconds>': 'soon' is not a valid port wait"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let outcome = try await Self.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Usage: peach train "), "the command's own usage: \(outcome.stderr)")
    }

    @Test("without a kernel sequencer: a clear error that points to peach doctor",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "this machine has a sequencer"))
    func noSequencer() async throws {
        let outcome = try await Self.run(["comparison"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("cannot open the ALSA sequencer"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("peach doctor"), "\(outcome.stderr)")
    }
}
