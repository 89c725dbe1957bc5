import Foundation
import PeachTestSupport
import Testing

/// Mistakes in the settings files, as a musician meets them on the command line: each says
/// what and where, on a line of its own.
@Suite("Settings mistakes on the command line", .timeLimit(.minutes(Patience.minutes(1))))
struct ConfigMistakesCommandTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `peach ARGS…` with its own config, data and home folders.
    static func run(_ arguments: [String], in folder: URL) async throws -> PeachExecutable.Outcome {
        try await PeachExecutable.run(arguments, environment: [
            "XDG_CONFIG_HOME": folder.path, "HOME": folder.path,
            "PEACH_DATA_DIR": folder.appendingPathComponent("data").path,
        ])
    }

    static func doctorFindings(_ outcome: PeachExecutable.Outcome) throws -> [String: [String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]],
                                 "\(outcome)")
        return Dictionary(uniqueKeysWithValues: array.compactMap { item in (item["check"] as? String).map { ($0, item) } })
    }

    @Test("a --config file that does not exist is an error naming it, for every command that reads settings",
          arguments: [["settings"], ["settings", "get", "noteDuration"], ["train", "comparison"]])
    func missingNamedFile(command: [String]) async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("rgi.yaml").path
        let outcome = try await Self.run(command + ["--config", missing], in: folder)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: --config \(missing): no such file (check the path;"), "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }

    @Test("--config naming a folder: one sentence, not a Foundation error")
    func folderNamed() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await Self.run(["settings", "--config", folder.path], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "Error: --config \(folder.path): is a folder, not a settings file\n", "\(outcome)")
    }

    @Test("settings set noteDuration 10 stores 3.0 and says it was clamped: asked, stored, range")
    func setClamped() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("new.yaml").path
        let outcome = try await Self.run(["settings", "set", "noteDuration", "10", "--config", file], in: folder)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout == "noteDuration = 3.0 (written to \(file))\n")
        #expect(outcome.stderr == "note: noteDuration 10 is outside 0.3…3.0 seconds: stored 3.0, the nearest allowed\n")
        let inRange = try await Self.run(["settings", "set", "noteDuration", "2", "--config", file], in: folder)
        #expect(inRange.stderr.isEmpty, "\(inRange)")
    }

    @Test("misspelt keys: one warning line each with file, line and suggestion, before train's own output")
    func misspeltKeys() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rig.yaml").path
        try Data("midi:\n  portwait: 3\nnotADuration: 2\nnoteDuration: 9\n".utf8).write(to: URL(fileURLWithPath: file))
        let expected = [
            "warning: user file \(file), line 2: midi.portwait is not a Peach setting (did you mean midi.portWait?); "
                + "it is ignored",
            "warning: user file \(file), line 3: notADuration is not a Peach setting (did you mean noteDuration?); "
                + "it is ignored",
            "warning: user file \(file): noteDuration = '9' is outside 0.3…3.0 seconds; clamped to 3.0",
        ]
        let listing = try await Self.run(["settings", "--config", file], in: folder)
        #expect(listing.status == 0)
        #expect(listing.stderr.split(separator: "\n").map(String.init) == expected, "\(listing)")

        // Training (which fails here for want of a sequencer, or waits for ports) prints them
        // once, first, on lines of their own.
        let training = try await Self.run(["train", "comparison", "--config", file, "--port-wait", "0"], in: folder)
        let lines = training.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == expected, "\(training)")
        #expect(lines.dropFirst(3).allSatisfy { !$0.contains("warning:") }, "\(training)")
    }

    @Test("doctor: a missing --config file is a problem; unknown keys and a clamped value are warnings")
    func doctor() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("rgi.yaml").path
        let absent = try Self.doctorFindings(try await Self.run(["doctor", "--json", "--config", missing], in: folder))
        #expect(absent["config-file"]?["verdict"] as? String == "problem")
        #expect(absent["config-file"]?["found"] as? String == "no file at \(missing), named by --config")

        let file = folder.appendingPathComponent("rig.yaml").path
        try Data("midi:\n  portwait: 3\nnoteDuration: 0.1\n".utf8).write(to: URL(fileURLWithPath: file))
        let outcome = try await Self.run(["doctor", "--json", "--config", file], in: folder)
        #expect(outcome.stderr.isEmpty, "reported once, in the report: \(outcome.stderr)")
        let findings = try Self.doctorFindings(outcome)
        #expect(findings["config-file"]?["verdict"] as? String == "ok")
        #expect(findings["config-keys"]?["verdict"] as? String == "warning")
        #expect(findings["config-keys"]?["found"] as? String
            == "user file \(file), line 2: midi.portwait is not a Peach setting (did you mean midi.portWait?); it is ignored")
        #expect(findings["config-values"]?["verdict"] as? String == "warning")
        #expect((findings["config-values"]?["found"] as? String)?.contains("clamped to 0.3") == true)
    }

    @Test("a 40 000-key file is refused at once with what and where (it took 41 s to parse)")
    func hugeFile() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.yaml").path
        try Data((0..<40_000).map { "key\($0): \($0)" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        // The baseline, in the same run: the same command on a file of ten keys.
        let small = folder.appendingPathComponent("small.yaml").path
        try Data((0..<10).map { "key\($0): \($0)" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: small))
        let baselineStart = ContinuousClock.now
        _ = try await Self.run(["settings", "get", "velocity", "--config", small], in: folder)
        let baseline = ContinuousClock.now - baselineStart
        let started = ContinuousClock.now
        let outcome = try await Self.run(["settings", "get", "velocity", "--config", file], in: folder)
        let elapsed = ContinuousClock.now - started
        #expect(outcome.status == 0, "\(outcome)")
        // The count of known settings grows with the catalogue: any count is the sentence.
        let sentence = /warning: user file (.+): holds 40000 keys; Peach knows \d+ settings and reads no file of more than 1000 keys; ignoring it until it is fixed\n/
        let match = outcome.stderr.wholeMatch(of: sentence)
        #expect(match?.1 == Substring(file), "\(outcome)")
        // "At once": refused before it is parsed, so within a small multiple of the small file's run on the
        // same machine at the same moment, busy or not. Parsing it took 41 s (100 times that run).
        #expect(elapsed < baseline * 20 + Patience.outer(.seconds(5)), "\(elapsed), the ten-key file's run: \(baseline)")

        let large = folder.appendingPathComponent("large.yaml").path
        try Data(String(repeating: "# padding\n", count: 1_400_000).utf8).write(to: URL(fileURLWithPath: large))
        let refused = try await Self.run(["settings", "get", "velocity", "--config", large], in: folder)
        #expect(refused.stderr.contains("user file \(large): is 13.4 MB; a settings file is a few KB"), "\(refused)")
    }
}
