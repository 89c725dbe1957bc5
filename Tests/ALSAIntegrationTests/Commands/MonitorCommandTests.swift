import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach monitor` in the VM: amidi types into the virtual keyboard (16:0) and monitor says
/// what training would make of it.
@Suite("peach monitor with the virtual keyboard", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct MonitorCommandTests {
    @Test("keys answer relative to the pretend target; next mode switches to matching, where CC 1 tunes and sustain commits; SIGINT ends with 0")
    func readings() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-monitor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        try "controller:\n  commands:\n    nextMode: program:0\n".write(to: config, atomically: true, encoding: .utf8)
        let process = try RunningPeach(["monitor", "--from", "16:0", "--mode", "comparison", "--config", config.path],
                                       environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path])
        var lines = process.lines.makeAsyncIterator()
        var header: [String] = []
        while let line = await lines.next() {
            header.append(line)
            if line.hasPrefix("Pretend comparison target") { break }
        }
        #expect(header.first?.contains("16:0") == true, "\(header)")
        #expect(header.last?.contains("C4 (60)") == true, "\(header)")

        // C5 above C4, its release, C3 below, the next-mode program change, the mod wheel, the pedal.
        try await ALSATools.amidi(send: "90 48 64 80 48 00 90 30 64 C0 00 B0 01 40 B0 40 7F")
        var events: [String] = []
        while events.count < 6, let line = await lines.next() {
            if line.hasPrefix("ch ") { events.append(line) }
        }
        process.send(signal: SIGINT)
        let outcome = try await process.finished(within: .seconds(20))
        #expect(outcome.status == 0 && !outcome.wasSignalled, "\(outcome)")
        let expected = [
            ("note on C5 (72) velocity 100", "→ answer: higher"),
            ("note off C5 (72)", "→ ignored: key released"),
            ("note on C3 (48)", "→ answer: lower"),
            ("program change 0", "→ command: next mode (now monitoring matching)"),
            ("CC 1 (mod wheel) = 64", "→ touch (tuning starts); adjust"),
            ("CC 64 (sustain) = 127", "→ commit"),
        ]
        #expect(events.count == expected.count, "\(outcome)")
        for (line, (sent, meaning)) in zip(events, expected) {
            #expect(line.hasPrefix("ch 1  " + sent) && line.contains(meaning), "\(line)")
        }
    }

    @Test("--json: the controller vanishes and comes back under the same name; monitor says so and reads it again")
    func controllerReturns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-monitor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var keyboard = try SequencerClient(name: "Test Keyboard")
        let process = try RunningPeach(["monitor", "--from", "Test Keyboard", "--json"],
                                       environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path])
        var objects: [[String: Any]] = []
        for await line in process.lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                Issue.record("not a JSON line: \(line)")
                continue
            }
            objects.append(object)
            let message = object["message"] as? String ?? ""
            switch object["event"] as? String {
            case "monitoring":
                try keyboard.send(.noteOn(channel: 0, note: 72, velocity: 100))
            case "midi" where objects.filter({ $0["event"] as? String == "midi" }).count == 1:
                keyboard.close()
            case "notice" where message.contains("disappeared"):
                keyboard = try SequencerClient(name: "Test Keyboard")
            case "notice" where message.hasPrefix("all ports are back"):
                try keyboard.send(.noteOn(channel: 0, note: 48, velocity: 100))
            case "midi":
                process.send(signal: SIGTERM)
            default:
                break
            }
        }
        keyboard.close()
        let outcome = try await process.finished(within: .seconds(20))
        #expect(outcome.status == 0 && !outcome.wasSignalled, "\(outcome)")
        let readings = objects.filter { $0["event"] as? String == "midi" }.compactMap { $0["meaning"] as? String }
        #expect(readings == ["answer: higher", "answer: lower"], "\(objects)")
        let notices = objects.filter { $0["event"] as? String == "notice" }.compactMap { $0["message"] as? String }
        #expect(notices.contains { $0.contains("Test Keyboard") && $0.contains("disappeared") }, "\(notices)")
        #expect(notices.contains { $0.contains("is back") }, "\(notices)")
    }

    @Test("an unknown --from is an error that lists the ports")
    func unknownPort() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-monitor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await PeachExecutable.run(["monitor", "--from", "No Such Keyboard"],
                                                    environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path],
                                                    timeout: .seconds(20))
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("no sequencer port matches \"No Such Keyboard\""), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("VirMIDI"), "the error lists the ports: \(outcome.stderr)")
    }
}
