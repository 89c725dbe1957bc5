import Foundation
import PeachTestSupport
import Testing

/// `peach doctor` on this machine (no kernel sequencer): the sequencer problem with its fix, and
/// the settings and store checks, which need no sequencer.
@Suite("peach doctor: help and the host's findings", .timeLimit(.minutes(Patience.minutes(1))))
struct DoctorCommandTests {
    /// Runs `peach doctor ARGS…` with its own config, data and home folders.
    static func run(_ arguments: [String], in folder: URL) async throws -> PeachExecutable.Outcome {
        try await PeachExecutable.run(["doctor"] + arguments,
                                      environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path,
                                                    "PEACH_DATA_DIR": folder.appendingPathComponent("data").path])
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func findings(_ outcome: PeachExecutable.Outcome) throws -> [String: [String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]],
                                 "\(outcome)")
        return Dictionary(uniqueKeysWithValues: array.compactMap { item in (item["check"] as? String).map { ($0, item) } })
    }

    @Test("--help says what is checked, the exit status and the options")
    func help() async throws {
        let outcome = try await PeachExecutable.run(["doctor", "--help"])
        #expect(outcome.status == 0)
        for text in ["--json", "--config", "--data-dir", "/dev/snd/seq", "FluidSynth", "midi.pitchResolution",
                     "exit status is 0"] {
            #expect(outcome.stdout.contains(text), "\(text) missing from:\n\(outcome.stdout)")
        }
    }

    @Test("without /dev/snd/seq: a problem with the modprobe fix, exit status 1",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "this machine has a sequencer"))
    func noSequencer() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await Self.run([], in: folder)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.contains("PROBLEM  ALSA sequencer device: /dev/snd/seq is missing"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("fix: sudo modprobe snd-seq"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("PROBLEM  libasound sequencer client: cannot open a client"), "\(outcome.stdout)")
        #expect(outcome.stderr.isEmpty, "nothing but the report: \(outcome.stderr)")

        let json = try await Self.run(["--json"], in: folder)
        #expect(json.status == 1)
        let findings = try Self.findings(json)
        #expect(findings["sequencer-device"]?["verdict"] as? String == "problem")
        #expect((findings["sequencer-device"]?["fix"] as? String)?.hasPrefix("sudo modprobe snd-seq") == true)
        #expect(findings["sequencer-access"] == nil, "permissions of a missing device are not checked")
        #expect(findings["synth-port"] == nil && findings["controller-port"] == nil, "no ports without a client")
        #expect(findings["store"]?["verdict"] as? String == "ok", "no records yet is fine")
        #expect(findings["config-file"]?["verdict"] as? String == "ok")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path),
                "doctor creates no store")
    }

    @Test("an invalid value and a conflicting mapping in the --config file are problems naming the file")
    func badConfig() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("rig.yaml")
        try Data("velocity: 300\ncontroller:\n  commands:\n    quit: sustain\n".utf8).write(to: config)
        let outcome = try await Self.run(["--json", "--config", config.path], in: folder)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.isEmpty, "the warnings are reported once, in the report: \(outcome.stderr)")
        let findings = try Self.findings(outcome)
        let values = try #require(findings["config-values"])
        #expect(values["verdict"] as? String == "problem")
        #expect((values["found"] as? String)?.contains("user file \(config.path): velocity = '300' is invalid") == true,
                "\(values)")
        let mapping = try #require(findings["controller-mapping"])
        #expect(mapping["verdict"] as? String == "problem")
        #expect((mapping["found"] as? String)?.contains(config.path) == true, "\(mapping)")
        #expect((mapping["found"] as? String)?.contains("controller.commands.quit") == true, "\(mapping)")
    }

    @Test("a settings file that is not YAML is a problem naming it")
    func unreadableConfig() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("rig.yaml")
        try Data("noteDuration: [1.0\n".utf8).write(to: config)
        let findings = try Self.findings(try await Self.run(["--json", "--config", config.path], in: folder))
        #expect(findings["config-file"]?["verdict"] as? String == "problem")
        #expect((findings["config-file"]?["found"] as? String)?.contains(config.path) == true)
    }

    @Test("a peach.sqlite that is not a database is a problem naming it, and is left untouched")
    func damagedStore() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("peach.sqlite")
        let garbage = Data(String(repeating: "not a database\n", count: 100).utf8)
        try garbage.write(to: file)
        let outcome = try await Self.run(["--json", "--data-dir", data.path], in: folder)
        #expect(outcome.status == 1)
        let store = try #require(try Self.findings(outcome)["store"])
        #expect(store["verdict"] as? String == "problem")
        #expect((store["found"] as? String)?.contains(file.path) == true, "\(store)")
        #expect((store["fix"] as? String)?.contains("mv \(file.path)") == true, "\(store)")
        #expect(FileManager.default.contents(atPath: file.path) == garbage)
    }

    @Test("a sound store reports its schema and record count")
    func soundStore() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("store")
        let csv = folder.appendingPathComponent("records.csv")
        try Data("""
            # peach-export-format:1
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError
            pitchDiscrimination,2026-03-01T09:30:05.123Z,60,C4,60,C4,P1,equalTemperament,12.5,true,,
            pitchMatching,2026-03-01T09:31:05.000Z,60,C4,67,G4,P5,equalTemperament,,,20.0,-3.5

            """.utf8).write(to: csv)
        let imported = try await PeachExecutable.run(["import", csv.path, "--data-dir", data.path])
        #expect(imported.status == 0, "\(imported)")
        let outcome = try await Self.run(["--json", "--data-dir", data.path], in: folder)
        let store = try #require(try Self.findings(outcome)["store"])
        #expect(store["verdict"] as? String == "ok", "\(store)")
        let file = data.appendingPathComponent("peach.sqlite").path
        #expect(store["found"] as? String == "\(file): integrity ok, schema v5-tuning-identifiers, 1 pitch comparison, 1 pitch matching, 0 rhythm offset detections, 0 rhythm matchings")
    }
}
