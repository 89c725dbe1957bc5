import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach play` with no synth running: Peach starts FluidSynth (rendering to a WAV file in its
/// working directory: the VM has no sound card), plays to it, and stops it however it ends.
@Suite("peach play starts FluidSynth", .serialized, .timeLimit(.minutes(Patience.minutes(3))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct PlayFluidSynthTests {
    /// FluidSynth by name: where amsynth is installed, auto starts amsynth.
    static let fluidSynth = ["PEACH_SYNTH_ENGINE": "fluidsynth"]
    static let fileDriver = ["PEACH_SYNTH_AUDIO_DRIVER": "file"].merging(fluidSynth) { $1 }

    /// The pids of every FluidSynth process on the machine that has not exited (an orphan's
    /// zombie waits for the VM's PID 1, a shell, to reap it).
    static func fluidSynthProcesses() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { return false }
            // "PID (comm) STATE …"
            return stat.contains("(fluidsynth) ") && !stat.contains("(fluidsynth) Z")
        }
    }

    static func fluidSynthPorts() throws -> [SequencerPort] {
        let client = try SequencerClient(name: "FluidSynth Check")
        defer { client.close() }
        return try client.ports().filter { $0.clientName.hasPrefix("FLUID Synth") }
    }

    @Test("no synth: FluidSynth is started, rendered to, and stopped after the note")
    func startsAndStops() async throws {
        try #require(Self.fluidSynthProcesses().isEmpty, "no FluidSynth before the test")
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let play = try PeachCommand.start(["play", "A4", "--duration", "1.5"], environment: Self.fileDriver, in: folder)
        let playing = await play.firstLine { $0.hasPrefix("Playing") }
        #expect(playing?.contains("FLUID Synth (peach-\(play.process.processIdentifier))") == true,
                "\(playing ?? "nothing played")\n\(play.standardOutput)\n\(play.standardError)")
        #expect(play.standardOutput.contains("starting FluidSynth with /usr/share/sounds/sf2/"), "\(play.standardOutput)")

        let outcome = try await play.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(Self.fluidSynthProcesses().isEmpty, "FluidSynth was stopped")
        #expect(try Self.fluidSynthPorts().isEmpty, "its client is gone")
        let wav = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("fluidsynth.wav").path)
        #expect((wav[.size] as? Int ?? 0) > 44_100, "FluidSynth rendered: \(wav[.size] ?? 0) bytes")
    }

    @Test("SIGTERM while FluidSynth plays (and `peach ports` marks it as the synth): Peach exits 0, FluidSynth goes with it")
    func terminated() async throws {
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The longest note play allows: `peach ports` below must find it still sounding, and on a
        // machine ten times slower its start alone takes many seconds.
        let play = try PeachCommand.start(["play", "A4", "--duration", "30"], environment: Self.fileDriver, in: folder)
        // The precondition: the note plays (a slow start is waited out, not raced).
        let playing = await play.firstLine { $0.hasPrefix("Playing") }
        try #require(playing != nil, "\(play.standardOutput)\n\(play.standardError)")
        #expect(Self.fluidSynthProcesses().count == 1)

        // While it plays, `peach ports` shows it as the synth Peach would use.
        let ports = try await PeachCommand.run(["ports", "--json"])
        try #require(play.process.isRunning, "the 30 s note ended before `peach ports` answered: \(ports)")
        let rows = try JSONSerialization.jsonObject(with: Data(ports.stdout.utf8)) as? [[String: Any]] ?? []
        let synths = rows.filter { $0["synth"] as? Bool == true }.compactMap { $0["clientName"] as? String }
        #expect(synths == ["FLUID Synth (peach-\(play.process.processIdentifier))"], "\(ports)")
        play.send(signal: SIGTERM)
        let outcome = try await play.finished(within: .seconds(10))
        #expect(outcome.status == 0 && !outcome.wasSignalled, "\(outcome)")
        #expect(Self.fluidSynthProcesses().isEmpty, "FluidSynth was stopped")
    }

    @Test("Peach killed outright (SIGKILL): FluidSynth reads the end of its stdin and quits by itself")
    func killed() async throws {
        let watcher = try SequencerClient(name: "FluidSynth Watcher")
        defer { watcher.close() }
        let announcements = EventCollector(watcher.events())
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let play = try PeachCommand.start(["play", "A4", "--duration", "20"], environment: Self.fileDriver, in: folder)
        _ = await play.firstLine { $0.hasPrefix("Playing") }
        let name = "FLUID Synth (peach-\(play.process.processIdentifier))"
        let fluid = try #require(try watcher.ports().first { $0.clientName == name }, "\(play.standardOutput)")
        play.send(signal: SIGKILL)
        let outcome = try await play.finished(within: .seconds(10))
        #expect(outcome.wasSignalled && outcome.status == SIGKILL, "\(outcome)")
        let gone = await announcements.waitFor(timeout: .seconds(10)) {
            $0.announcement == .clientExited(client: fluid.address.client)
        }
        #expect(gone, "FluidSynth's client left the sequencer")
    }

    /// A stand-in `fluidsynth` on PATH that notes how it was started, says it is ready without
    /// making a sequencer port, and ignores SIGTERM.
    static let stubbornFluidSynth = """
        #!/bin/sh
        echo $$ > "$STUB_DIR/pid"
        grep SigIgn /proc/$$/status > "$STUB_DIR/signals"
        cut -d' ' -f5 /proc/$$/stat > "$STUB_DIR/group"
        trap '' TERM
        printf '> '
        exec sleep 1000
        """

    @Test("a FluidSynth that makes no port and ignores SIGTERM: an error, then SIGKILL after the grace period; it ran with default signal actions in a process group of its own")
    func stubborn() async throws {
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("fluidsynth")
        try Self.stubbornFluidSynth.write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let started = ContinuousClock.now
        let outcome = try await PeachCommand.run(["play", "A4"], environment: ["PATH": path, "STUB_DIR": folder.path].merging(Self.fluidSynth) { $1 })
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("FluidSynth started without a sequencer port"), "\(outcome.stderr)")
        #expect(ContinuousClock.now - started >= .seconds(2), "SIGTERM was ignored, SIGKILL came after the grace period")

        let pid = try String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "killed and reaped")
        let group = try String(contentsOf: folder.appendingPathComponent("group"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(group == pid, "its own process group, so Ctrl-C reaches only Peach")
        let ignored = try String(contentsOf: folder.appendingPathComponent("signals"), encoding: .utf8)
            .split(separator: "\t").last.flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) }
        for signal in [SIGHUP, SIGINT, SIGTERM] {
            #expect(ignored.map { $0 & (1 << UInt64(signal - 1)) == 0 } == true, "signal \(signal) not ignored: \(String(describing: ignored))")
        }
    }

    @Test("FluidSynth that cannot start, or is not there: errors that say what to do", arguments: [
        (["PEACH_SYNTH_AUDIO_DRIVER": "no-such-driver"], ["FluidSynth exited", "FluidSynth said:", "no-such-driver"]),
        (["PATH": "/nonexistent"], ["FluidSynth is not installed", "apt install fluidsynth", "--to", "peach ports"]),
        (["PEACH_SYNTH_SOUND_FONT": "/nonexistent.sf2"], ["synth.soundFont names \"/nonexistent.sf2\""]),
        (["PEACH_SYNTH_AUTO_START": "false"], ["synth.autoStart is false", "--to"]),
    ])
    func failures(environment: [String: String], messages: [String]) async throws {
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await PeachCommand.run(["play", "A4"], environment: environment.merging(Self.fluidSynth) { $1 },
                                                 directory: folder)
        #expect(outcome.status == 1, "\(outcome)")
        for message in messages {
            #expect(outcome.stderr.contains(message), "\(message) missing from: \(outcome.stderr)")
        }
        #expect(!outcome.stdout.contains("Playing"))
        #expect(Self.fluidSynthProcesses().isEmpty, "nothing left running")
    }
}
