import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach doctor` in the VM, where the kernel's sequencer is there: 14:0 Midi Through and the
/// snd-virmidi keyboards 16:0…19:0, FluidSynth and TimGM6mb from the host's packages.
@Suite("peach doctor with a kernel sequencer", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct DoctorWithSequencerTests {
    /// `peach doctor --json ARGS…` with its own folders; the findings by check.
    static func doctor(_ arguments: [String], environment: [String: String] = [:])
        async throws -> (outcome: PeachExecutable.Outcome, findings: [String: [String: Any]], folder: URL)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try await PeachExecutable.run(
            ["doctor", "--json"] + arguments,
            environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path,
                          "PEACH_DATA_DIR": folder.appendingPathComponent("data").path].merging(environment) { $1 },
            directory: folder)  // where a FluidSynth with the file driver writes its WAV
        let array = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]],
                                 "\(outcome)")
        let findings = Dictionary(uniqueKeysWithValues: array.compactMap { item in
            (item["check"] as? String).map { ($0, item) }
        })
        return (outcome, findings, folder)
    }

    static func verdict(_ findings: [String: [String: Any]], _ check: String) -> String? {
        findings[check]?["verdict"] as? String
    }

    static func found(_ findings: [String: [String: Any]], _ check: String) -> String {
        findings[check]?["found"] as? String ?? ""
    }

    /// The VM has no sound card to play on: FluidSynth renders to a file there (amsynth, which
    /// auto would start, has no file driver).
    static let fileDriver = ["PEACH_SYNTH_AUDIO_DRIVER": "file", "PEACH_SYNTH_ENGINE": "fluidsynth"]

    @Test("the sequencer checks pass, the virtual keyboard is the controller, FluidSynth starts: exit 0")
    func healthy() async throws {
        let (outcome, findings, folder) = try await Self.doctor([], environment: Self.fileDriver)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 0, "\(outcome)")
        for check in ["sequencer-device", "sequencer-access", "sequencer-client", "synth-port", "controller-port",
                      "synth-engine", "fluidsynth", "soundfont", "synth-start", "config-file", "config-keys", "config-values",
                      "controller-mapping", "store"] {
            #expect(Self.verdict(findings, check) == "ok", "\(check): \(findings[check] ?? [:])")
        }
        #expect(Self.found(findings, "controller-port").hasPrefix("16:0 "), "\(findings["controller-port"] ?? [:])")
        #expect(Self.found(findings, "synth-port").contains("starts FluidSynth"))
        #expect(Self.found(findings, "pitch-resolution").contains("auto: 1 cent"))
        #expect(Self.found(findings, "synth-start").contains("FluidSynth started and stopped again in "), "\(findings["synth-start"] ?? [:])")
        #expect(PlayFluidSynthTests.fluidSynthProcesses().isEmpty, "doctor stopped the FluidSynth it started")

        // The text form says the same.
        let text = try await PeachExecutable.run(["doctor"], environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path,
                                                                           "PEACH_DATA_DIR": folder.path + "/data"]
                                                     .merging(Self.fileDriver) { $1 }, directory: folder)
        #expect(text.status == 0)
        #expect(text.stdout.contains("ok       ALSA sequencer device: /dev/snd/seq exists"), "\(text.stdout)")
        #expect(!text.stdout.contains("PROBLEM"), "\(text.stdout)")
    }

    @Test("a soundfont that is no SoundFont (a text file, a cut-short .sf2) is a problem in doctor and an error in play",
          arguments: ["text", "truncated"])
    func brokenSoundFont(kind: String) async throws {
        let font = FileManager.default.temporaryDirectory.appendingPathComponent("peach-broken-\(UUID().uuidString).sf2")
        defer { try? FileManager.default.removeItem(at: font) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/sounds/sf2/TimGM6mb.sf2"))
        try (kind == "text" ? Data("not a soundfont\n".utf8) : whole.prefix(5000)).write(to: font)
        let environment = Self.fileDriver.merging(["PEACH_SYNTH_SOUND_FONT": font.path]) { $1 }
        let (outcome, findings, folder) = try await Self.doctor([], environment: environment)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 1, "\(outcome)")
        #expect(Self.verdict(findings, "soundfont") == "problem", "\(findings["soundfont"] ?? [:])")
        #expect(Self.found(findings, "soundfont").contains(kind == "text" ? "not a SoundFont" : "cut short"),
                "\(findings["soundfont"] ?? [:])")

        let play = try await PeachExecutable.run(["play", "A4", "--duration", "0.2"], environment: environment)
        #expect(play.status == 1, "\(play)")
        #expect(play.stderr.contains("cannot be used"), "\(play.stderr)")
        #expect(PlayFluidSynthTests.fluidSynthProcesses().isEmpty, "no FluidSynth was left running")
    }

    @Test("a FluidSynth that cannot start (its audio driver fails) is a problem before training would meet it: exit 1")
    func synthThatCannotStart() async throws {
        let (outcome, findings, folder) = try await Self.doctor([], environment: ["PEACH_SYNTH_AUDIO_DRIVER": "no-such-driver",
                                                                                   "PEACH_SYNTH_ENGINE": "fluidsynth"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 1, "\(outcome)")
        #expect(Self.verdict(findings, "synth-start") == "problem", "\(findings["synth-start"] ?? [:])")
        #expect(Self.found(findings, "synth-start").contains("audio driver no-such-driver"))
        #expect(Self.found(findings, "synth-start").contains("FluidSynth said"), "FluidSynth's own words are shown")
        #expect(Self.verdict(findings, "fluidsynth") == "ok" && Self.verdict(findings, "soundfont") == "ok")
        #expect(PlayFluidSynthTests.fluidSynthProcesses().isEmpty)
    }

    @Test("a configured synth that is running resolves; one that is not is a problem: exit 1")
    func configuredSynth() async throws {
        let synth = try SequencerClient(name: "Doctor Test Synth")
        defer { synth.close() }
        let present = try await Self.doctor([], environment: ["PEACH_MIDI_OUTPUT_PORT": "\(synth.inputPort)"])
        defer { try? FileManager.default.removeItem(at: present.folder) }
        #expect(present.outcome.status == 0, "\(present.outcome)")
        #expect(Self.found(present.findings, "synth-port").contains("Doctor Test Synth"))
        #expect(Self.found(present.findings, "pitch-resolution").contains("auto: exact (0 cents) for \(synth.inputPort)"))

        let absent = try await Self.doctor([], environment: ["PEACH_MIDI_OUTPUT_PORT": "Nonexistent Synth"])
        defer { try? FileManager.default.removeItem(at: absent.folder) }
        #expect(absent.outcome.status == 1, "\(absent.outcome)")
        #expect(Self.verdict(absent.findings, "synth-port") == "problem")
        #expect(Self.found(absent.findings, "synth-port").contains("Midi Through"), "the ports there are are listed")
        #expect(Self.verdict(absent.findings, "sequencer-client") == "ok")
    }

    @Test("a corrupt value in the --config file is a problem naming the file, the sequencer checks still pass")
    func corruptConfig() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("peach-doctor-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: config) }
        try Data("referencePitch: 4400\n".utf8).write(to: config)
        let (outcome, findings, folder) = try await Self.doctor(["--config", config.path])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 1, "\(outcome)")
        #expect(Self.verdict(findings, "config-values") == "problem")
        #expect(Self.found(findings, "config-values").contains("user file \(config.path): referencePitch = '4400'"),
                "\(findings["config-values"] ?? [:])")
        #expect(Self.verdict(findings, "sequencer-client") == "ok")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    @Test("a peach.sqlite that is not a database (--data-dir) is a problem naming the file")
    func damagedStore() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("peach-doctor-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("peach.sqlite")
        try Data(String(repeating: "no tables here\n", count: 200).utf8).write(to: file)
        let (outcome, findings, folder) = try await Self.doctor(["--data-dir", data.path])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 1, "\(outcome)")
        #expect(Self.verdict(findings, "store") == "problem")
        #expect(Self.found(findings, "store").contains(file.path), "\(findings["store"] ?? [:])")
        #expect(Self.verdict(findings, "sequencer-device") == "ok")
    }
}
