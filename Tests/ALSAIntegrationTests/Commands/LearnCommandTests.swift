import Foundation
import PeachTestSupport
import Testing

/// `peach learn` in the VM: the test plays the user, reading each prompt, pressing and moving
/// controls on the virtual keyboard (amidi into 16:0) and typing the answers into stdin.
@Suite("peach learn with the virtual keyboard", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct LearnCommandTests {
    /// What the user does at each prompt: MIDI bytes for amidi, or a line to type.
    enum Action {
        case play(String)
        case type(String)
    }

    static let script: [(prompt: String, action: Action)] = [
        ("  Enter keeps this", .type("b")),
        ("higher:", .play("90 54 64 80 54 00")),                          // C6
        ("lower:", .play("90 24 64 80 24 00")),                           // C2
        ("matching tuning control:", .play("B0 4A 0A B0 4A 14 B0 4A 1E B0 4A 28 B0 4A 32 B0 4A 3C B0 4A 46 B0 4A 50")),
        ("matching commit:", .play("B0 40 7F B0 40 00")),                 // sustain
        ("command start/stop:", .play("C0 05")),                          // program 5
        ("command next mode:", .type("s")),
        ("command quit:", .play("90 18 64 80 18 00")),                    // C1
        ("  detected:", .type("")),
        ("rhythm tap:", .play("99 26 70 89 26 00")),                      // a pad: D2 on channel 10
        ("  detected:", .type("")),
    ]

    static func environment(_ folder: URL) -> [String: String] {
        ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path]
    }

    /// Plays the script until peach ends; returns its outcome.
    static func learn(_ arguments: [String], folder: URL) async throws -> PeachExecutable.Outcome {
        let process = try RunningPeach(["learn", "--from", "16:0", "--timeout", "20"] + arguments,
                                       environment: environment(folder), openStdin: true)
        for await line in process.lines {
            guard let action = script.first(where: { line.hasPrefix($0.prompt) })?.action else { continue }
            switch action {
            case .play(let bytes): try await ALSATools.amidi(send: bytes)
            case .type(let text): process.type(text)
            }
        }
        return try await process.finished(within: .seconds(20))
    }

    @Test("each control learnt from the keyboard is written to the config, which keeps its other keys")
    func writes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-learn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        try "# mine\nnoteDuration: 1.5\n".write(to: config, atomically: true, encoding: .utf8)

        let outcome = try await Self.learn(["--config", config.path], folder: folder)
        #expect(outcome.status == 0, "\(outcome)")
        let expected = [
            "controller.comparison.mode": "explicit", "controller.comparison.higher": "note:C6",
            "controller.comparison.lower": "note:C2", "controller.matching.control": "cc:74",
            "controller.matching.commit": "sustain,anyKey", "controller.commands.startStop": "program:5",
            "controller.commands.nextMode": "none", "controller.commands.quit": "note:C1", "noteDuration": "1.5",
        ]
        // One listing for every key (each peach run costs seconds in the VM), and one `get`.
        let listing = try await PeachExecutable.run(["settings", "--config", config.path], environment: Self.environment(folder))
        let values = Dictionary(listing.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            return fields.count >= 2 ? (fields[0], fields[1]) : nil
        }) { first, _ in first }
        for (key, value) in expected {
            #expect(values[key] == value, "\(key): \(listing.stdout)")
        }
        let get = try await PeachExecutable.run(["settings", "get", "controller.comparison.higher", "--config", config.path],
                                                environment: Self.environment(folder))
        #expect(get.stdout == "note:C6\n", "\(get)")
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.hasPrefix("# mine\n"), "\(text)")
    }

    @Test("--dry-run prints the YAML and writes nothing")
    func dryRun() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-learn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        let outcome = try await Self.learn(["--config", config.path, "--dry-run"], folder: folder)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("would become"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("higher: \"note:C6\""), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("control: \"cc:74\""), "\(outcome.stdout)")
        #expect(!FileManager.default.fileExists(atPath: config.path))
    }

    @Test("an unknown --from is an error that lists the ports")
    func unknownPort() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-learn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await PeachExecutable.run(["learn", "--from", "No Such Keyboard"],
                                                    environment: Self.environment(folder), stdin: "",
                                                    timeout: .seconds(20))
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("no sequencer port matches \"No Such Keyboard\""), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("VirMIDI"), "the error lists the ports: \(outcome.stderr)")
    }
}
