import ALSASequencer
import Foundation
import Glibc
import PeachTestSupport
import Testing

/// Issue 15: `peach train` on an 80-column terminal, driven through tmux: each mode shows the
/// trial's interval, the result whole on the status line, and warnings on lines of their own;
/// a q typed during the start-up quits without an echo; Ctrl-Z (SIGTSTP) gives the shell a
/// sane terminal and `fg` (SIGCONT) brings raw keys and the line back.
@Suite("peach train at 80 columns (tmux)", .serialized, .timeLimit(.minutes(Patience.minutes(3))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainScreenTests {
    /// A run in its own folders, with a settings file that has a misspelt key.
    private struct Run {
        let folder: URL
        let pane: TmuxPane

        static func start(_ arguments: [String], synth: SequencerClient) async throws -> Run {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-screen-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let config = folder.appendingPathComponent("config.yaml")
            try Data("notADuration: 2\n".utf8).write(to: config)
            let pane = try await TmuxPane.start(command: [PeachExecutable.url.path, "train"] + arguments + [
                "--to", "\(synth.inputPort)", "--data-dir", folder.appendingPathComponent("data").path, "--config", config.path,
            ], environment: ["NO_COLOR": "1"], home: folder, columns: 80)
            return Run(folder: folder, pane: pane)
        }

        func end() async {
            await pane.kill()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The screen's line that holds `text`; the status line never wraps, so it is one row.
    private static func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").last { $0.contains(text) }.map(String.init)
    }

    @Test("each mode at 80 columns: the interval asked, the prompt and the result on one row; the warning on its own",
          arguments: ["comparison", "interval-comparison", "matching", "interval-matching"])
    func eightyColumns(mode: String) async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let run = try await Run.start([mode, "--trials", "1", "--intervals", "P5u,M3d"], synth: synth)
        do {
            try await check(mode: mode, in: run.pane)
        } catch {
            await run.end()
            throw error
        }
        await run.end()
    }

    private func check(mode: String, in pane: TmuxPane) async throws {
        let matching = mode.hasSuffix("matching")
        // The VM's virtual MIDI port is a controller: the prompts name its controls.
        let prompt = matching ? "mod wheel starts the note" : "higher or lower? key above/below "
        // At 80 columns the trial number may give way (interval comparison with a controller's
        // longer prompt): the question, the prompt and the result do not.
        let asked = try await pane.waitFor(prompt)
        let status = try #require(Self.line(containing: prompt, in: asked))
        #expect(status.contains("detuned") || matching, "the status line is one row: \(asked)")
        if mode.hasPrefix("interval") {
            #expect(status.contains(" up from ") || status.contains(" down from "), "the interval asked: \(status)")
        } else {
            #expect(!status.contains(" from "), "\(status)")
        }
        // The settings warning starts a row of its own (and may wrap); never part of the status line.
        #expect(asked.hasPrefix("warning: user file ") || asked.contains("\nwarning: user file "), "\(asked)")
        #expect(asked.contains("notADuration"))
        #expect(!status.contains("warning") && !status.contains("notADuration"))
        // The key help wraps between keys: no row ends inside a word of it.
        #expect(asked.contains("keys: comparison"))
        #expect(!asked.contains("0.1 cen\n") && !asked.contains("Ente\n"), "\(asked)")

        if matching {
            try await pane.sendKeys("Right")
            try await pane.waitFor("tune (mod wheel), then sustain pedal or any key")
            try await pane.sendKeys("Enter")
        } else {
            try await pane.sendKeys("Up")
        }
        let end = try await pane.waitFor("PEACH EXIT 0")
        let result = matching ? "ended " : "last "
        let last = try #require(Self.line(containing: result, in: end), "the result shows: \(end)")
        #expect(last.contains("trial 1"), "\(last)")
        if matching {
            #expect(last.contains("(near)") || last.contains("(far)"), "\(last)")
        } else {
            #expect(last.contains("last ✓ ") || last.contains("last ✗ "), "\(last)")
        }
        #expect(!last.hasSuffix("…"), "the result is whole: \(last)")
        #expect(end.contains("1 trial completed"), "\(end)")
    }

    @Test("a q typed while Peach waits for its synth quits, and is not echoed")
    func quitDuringStartUp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("config.yaml"))
        let pane = try await TmuxPane.start(command: [
            PeachExecutable.url.path, "train", "comparison", "--to", "No Such Synth", "--port-wait", "60",
            "--data-dir", folder.appendingPathComponent("data").path,
            "--config", folder.appendingPathComponent("config.yaml").path,
        ], environment: ["NO_COLOR": "1"], home: folder, columns: 80)
        do {
            try await pane.waitFor("No Such Synth")
            try await pane.sendKeys("q")
            let end = try await pane.waitFor("PEACH EXIT 0", timeout: .seconds(20))
            #expect(end.contains("stopped before training began"), "\(end)")
            let echoed = end.split(separator: "\n").contains { $0 == "q" || ($0.hasPrefix("q") && $0.contains("stopped")) }
            #expect(!echoed, "the q was echoed: \(end)")
        } catch {
            await pane.kill()
            throw error
        }
        await pane.kill()
    }

    @Test("Ctrl-Z (SIGTSTP): training pauses, the shell gets line mode and echo back; fg (SIGCONT): raw keys and the line again")
    func stopAndContinue() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let run = try await Run.start(["comparison", "--trials", "1"], synth: synth)
        do {
            try await pane(run.pane)
        } catch {
            await run.end()
            throw error
        }
        await run.end()
    }

    private func pane(_ pane: TmuxPane) async throws {
        try await pane.waitFor("trial 1", "higher or lower?")
        #expect(try await Self.raw(pane), "raw keys while training")
        let pid = try await pane.processID()
        // As Ctrl-Z does (here to the process alone: the pane's shell has no job control).
        #expect(Glibc.kill(pid, SIGTSTP) == 0)
        try await Self.waitUntil { Self.state(of: pid) == "T" }
        #expect(try await !Self.raw(pane), "line mode and echo for the shell while stopped")
        let stopped = try await pane.text()
        #expect(stopped.contains("paused — space"), "paused before stopping: \(stopped)")

        #expect(Glibc.kill(pid, SIGCONT) == 0)
        try await Self.waitUntil { (try? await Self.raw(pane)) == true }
        let redrawn = try await pane.text()
        #expect(redrawn.components(separatedBy: "paused — space").count - 1 >= 2,
                "the line is drawn again below the one left for the shell: \(redrawn)")
        try await pane.sendKeys("Space")
        // The prompt on the last row again: the trial after the pause asks.
        try await Self.waitUntil {
            let rows = ((try? await pane.text()) ?? "").split(separator: "\n")
            return rows.last?.contains("higher or lower?") == true
        }
        try await pane.sendKeys("Up")
        let end = try await pane.waitFor("PEACH EXIT 0")
        #expect(end.contains("1 trial completed"), "\(end)")
        #expect(try await !Self.raw(pane), "the terminal is restored at the end")
    }

    /// Raw: no canonical mode, no echo (`stty -a` prints "-icanon" and "-echo").
    private static func raw(_ pane: TmuxPane) async throws -> Bool {
        let flags = try await pane.terminalSettings().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        return flags.contains("-icanon") && flags.contains("-echo")
    }

    /// The process state letter from /proc (R, S, T…).
    private static func state(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    private static func waitUntil(_ condition: @Sendable () async -> Bool) async throws {
        let limit = Patience.outer(.seconds(10))
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ALSATools.ToolFailure(description: "the condition did not hold within \(limit)")
    }
}
