import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach ports` against the VM's kernel sequencer: Midi Through (14:0), the four snd-virmidi
/// ports (16:0–19:0), and clients the tests open.
@Suite("peach ports", .serialized, .timeLimit(.minutes(Patience.minutes(1))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct PortsCommandTests {
    @Test("the table lists every port with its direction, marks the controller, and says there is no synth")
    func table() async throws {
        let outcome = try await PeachCommand.run(["ports"])
        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PORT") == true, "\(outcome.stdout)")
        let through = try #require(lines.first { $0.hasPrefix("14:0 ") }, "\(outcome.stdout)")
        #expect(through.contains("both") && through.contains("Midi Through"))
        for port in 16...19 {
            #expect(lines.contains { $0.hasPrefix("\(port):0 ") && $0.contains("both") }, "\(port):0 in\n\(outcome.stdout)")
        }
        #expect(lines.first { $0.hasPrefix("16:0 ") }?.hasSuffix("controller") == true, "the first virmidi port answers")
        #expect(!lines.contains { $0.hasPrefix("0:") }, "the System client is not listed")
        #expect(!lines.contains { $0.range(of: #"\s{2}Peach\s{2}"#, options: .regularExpression) != nil },
                "Peach's own client is not listed")
        // amsynth is installed where the VM tests run (the host's /, scripts/system-packages.txt).
        #expect(outcome.stdout.contains("No synth port: `peach train` and `peach play` start amsynth"), "\(outcome.stdout)")
    }

    @Test("--json: one object per port; the synth midi.outputPort names and the default controller are marked")
    func json() async throws {
        let synth = try SequencerClient(name: "Ports Test Synth")
        defer { synth.close() }
        let outcome = try await PeachCommand.run(["ports", "--json"],
                                                 environment: ["PEACH_MIDI_OUTPUT_PORT": "Ports Test Synth:\(synth.inputPort.port)"])
        #expect(outcome.status == 0, "\(outcome)")
        let data = Data(outcome.stdout.utf8)
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(outcome.stdout)")
        let byAddress = Dictionary(rows.map { (($0["address"] as? String) ?? "?", $0) }, uniquingKeysWith: { first, _ in first })

        let through = try #require(byAddress["14:0"])
        #expect(through["clientName"] as? String == "Midi Through")
        #expect(through["client"] as? Int == 14 && through["port"] as? Int == 0)
        #expect(through["direction"] as? String == "both")
        #expect(through["kind"] as? String == "kernel")
        for port in 16...19 {
            #expect(byAddress["\(port):0"]?["direction"] as? String == "both", "\(port):0")
        }
        #expect(rows.filter { $0["controller"] as? Bool == true }.compactMap { $0["address"] as? String } == ["16:0"])
        #expect(rows.filter { $0["synth"] as? Bool == true }.compactMap { $0["address"] as? String } == ["\(synth.inputPort)"])
        // As aconnect sees them: Peach plays to the synth's input port (an "output" for Peach, aconnect -o).
        #expect(byAddress["\(synth.inputPort)"]?["direction"] as? String == "output")
        #expect(byAddress["\(synth.outputPort)"]?["direction"] as? String == "input")
        #expect(!rows.contains { ($0["clientName"] as? String) == "Peach" }, "Peach's own client is not listed")
        #expect(!rows.contains { ($0["client"] as? Int) == 0 }, "the System client is not listed")
    }

    @Test("a midi.outputPort that names no port: no synth marked, and the table says why")
    func unknownSetting() async throws {
        let outcome = try await PeachCommand.run(["ports"], environment: ["PEACH_MIDI_OUTPUT_PORT": "No Such Synth"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("midi.outputPort \"No Such Synth\": no sequencer port matches"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("No synth port"), "\(outcome.stdout)")
    }
}

/// Runs the built `peach` with its own (empty) config and data folders, so no user setting leaks in.
enum PeachCommand {
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
                    timeout: Duration = .seconds(30)) async throws -> PeachExecutable.Outcome {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await PeachExecutable.run(arguments, environment: isolated(folder).merging(environment) { $1 },
                                             directory: directory, timeout: timeout)
    }

    static func start(_ arguments: [String], environment: [String: String] = [:], in folder: URL) throws -> RunningPeach {
        try RunningPeach(arguments, environment: isolated(folder).merging(environment) { $1 }, directory: folder)
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func isolated(_ folder: URL) -> [String: String] {
        ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path]
    }
}
