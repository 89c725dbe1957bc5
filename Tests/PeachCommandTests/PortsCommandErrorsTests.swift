import Foundation
import PeachTestSupport
import Testing

/// `peach ports` on a machine without a sequencer; what it lists is tested in the VM.
@Suite("peach ports: help and errors", .timeLimit(.minutes(Patience.minutes(1))))
struct PortsCommandErrorsTests {
    @Test("--help explains the columns and names the options")
    func help() async throws {
        let outcome = try await PeachExecutable.run(["ports", "--help"])
        #expect(outcome.status == 0, "\(outcome)")
        for text in ["--json", "--config", "client:port", "output", "input", "midi.outputPort", "midi.inputPort"] {
            #expect(outcome.stdout.contains(text), "\(text) missing from:\n\(outcome.stdout)")
        }
    }

    @Test("an unknown option is a usage error")
    func unknownOption() async throws {
        let outcome = try await PeachExecutable.run(["ports", "--bogus"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("--bogus"), "\(outcome.stderr)")
    }

    @Test("without a kernel sequencer: a clear error that points to peach doctor",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "this machine has a sequencer"))
    func noSequencer() async throws {
        for arguments in [["ports"], ["ports", "--json"]] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-ports-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try await PeachExecutable.run(arguments, environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("cannot open the ALSA sequencer"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("peach doctor"), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "nothing listed: \(outcome.stdout)")
        }
    }
}
