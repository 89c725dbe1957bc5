import Foundation
import PeachTestSupport
import Testing

/// `peach monitor` and `peach learn`: their help, and the argument errors found before any
/// port is touched.
@Suite("peach monitor and learn: help and errors", .timeLimit(.minutes(Patience.minutes(1))))
struct MonitorLearnHelpTests {
    @Test("monitor --help names its options, the pretend target and how it ends")
    func monitorHelp() async throws {
        let outcome = try await PeachExecutable.run(["monitor", "--help"])
        #expect(outcome.status == 0)
        for option in ["--from", "--mode", "--json", "--port-wait", "--config"] {
            #expect(outcome.stdout.contains(option), "\(option) missing from:\n\(outcome.stdout)")
        }
        #expect(outcome.stdout.contains("pretend target"))
        #expect(outcome.stdout.contains("waits for it to come back"))
    }

    @Test("learn --help names its options and how to skip")
    func learnHelp() async throws {
        let outcome = try await PeachExecutable.run(["learn", "--help"])
        #expect(outcome.status == 0)
        for option in ["--from", "--dry-run", "--timeout", "--config"] {
            #expect(outcome.stdout.contains(option), "\(option) missing from:\n\(outcome.stdout)")
        }
        #expect(outcome.stdout.contains("Enter or s skips"))
    }

    @Test("bad arguments are usage errors that name the argument", arguments: [
        (["monitor", "--mode", "bogus"], "The value 'bogus' is invalid for '--mode <mode>': unknown training mode 'bogus'"),
        (["monitor", "--port-wait", "soon"], "The value 'soon' is invalid for '--port-wait <seconds>': "),
        (["learn", "--timeout", "0"], "--timeout: 0.0 is not a number of seconds"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-controls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await PeachExecutable.run(arguments, environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }
}
