import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach train` on a terminal, driven through tmux as a person at the keyboard would: the
/// status line shows each result at once, the arrow keys answer, and the run ends cleanly.
@Suite("peach train on a terminal (tmux)", .serialized, .timeLimit(.minutes(Patience.minutes(3))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainTerminalTests {
    @Test("the arrow keys answer; the status line shows the trial, the result and the prompt", arguments: [false, true])
    func arrowKeys(noColor: Bool) async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // An empty settings file of its own: a --config that names no file is an error.
        try "".write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        let pane = try await TmuxPane.start(command: [
            PeachExecutable.url.path, "train", "comparison", "--trials", "2", "--to", "\(synth.inputPort)",
            "--data-dir", folder.appendingPathComponent("data").path,
            "--config", folder.appendingPathComponent("config.yaml").path,
        ], environment: noColor ? ["NO_COLOR": "1"] : [:], home: folder)

        do {
            try await answerTwoTrials(in: pane, noColor: noColor)
        } catch {
            await pane.kill()
            throw error
        }
        await pane.kill()
        let export = try await PeachExecutable.run(["export", "--data-dir", folder.appendingPathComponent("data").path])
        #expect(export.stdout.split(separator: "\n").count == 4, "two records: \(export.stdout)")
    }

    /// Each key goes in once the prompt shows: the session takes no answer before the target.
    private func answerTwoTrials(in pane: TmuxPane, noColor: Bool) async throws {
        // The VM's virtual MIDI port is a controller: the prompt names its keys (key above/below).
        let start = try await pane.waitFor("trial 1", "higher or lower?")
        #expect(start.contains("q quit"), "the keys are explained at start")
        // The help starts a line of its own: the start-up's status line ("starting…") is left
        // first, not continued by it.
        let helpLine = start.split(separator: "\n").first { $0.contains("eys: comparison") }
        #expect(helpLine?.hasPrefix("keys: comparison") == true, "the help continues the status line: \(start)")
        let colours = try await pane.text(escapes: true).contains("\u{1B}[")
        #expect(colours == !noColor, "colours \(noColor ? "despite" : "without") NO_COLOR")

        try await pane.sendKeys("Up")
        let second = try await pane.waitFor("trial 2", "higher or lower?")
        #expect(second.contains("✓") || second.contains("✗"), "the first result shows: \(second)")

        try await pane.sendKeys("Down")
        let end = try await pane.waitFor("PEACH EXIT 0")
        #expect(end.contains("2 trials completed"), "\(end)")
    }
}

/// A detached tmux session running one command; the pane stays after the command ends.
struct TmuxPane {
    let name: String

    static func start(command: [String], environment: [String: String], home: URL, columns: Int = 120) async throws -> TmuxPane {
        let exports = environment.merging(["HOME": home.path, "XDG_CONFIG_HOME": home.path]) { $1 }
            .map { "\($0.key)=\(quoted($0.value))" }.joined(separator: " ")
        let line = "env \(exports) \(command.map(quoted).joined(separator: " ")); echo PEACH EXIT $?; sleep 600"
        let name = "peach-\(UUID().uuidString.prefix(8))"
        // The server this starts outlives the call. Foundation learns that a child ended when
        // a socket the child inherited closes, so the server must inherit nothing of ours:
        // a shell closes every descriptor above stderr before it starts tmux.
        let tmux = ["tmux", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "16", line].map(quoted)
        let start = #"for fd in /proc/self/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; "#
            + "exec \(tmux.joined(separator: " ")) </dev/null >/dev/null 2>&1"
        try await run("/bin/bash", ["-c", start], capturing: false)
        return TmuxPane(name: name)
    }

    func text(escapes: Bool = false) async throws -> String {
        try await Self.tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", name])
    }

    func sendKeys(_ keys: String...) async throws {
        try await Self.tmux(["send-keys", "-t", name] + keys)
    }

    /// Checks the pane each 100 ms until it shows every one of `texts`, and returns it; after
    /// `timeout`, throws with the screen.
    @discardableResult
    func waitFor(_ texts: String..., timeout: Duration = .seconds(30)) async throws -> String {
        let timeout = Patience.outer(timeout)
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await self.text()
            if texts.allSatisfy(screen.contains) { return screen }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ALSATools.ToolFailure(description: "\(texts) did not show within \(timeout); the pane:\n\(screen)")
    }

    /// The process the pane runs (the shell's child: env execs peach).
    func processID() async throws -> Int32 {
        let shell = try await Self.tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try await Self.run("/usr/bin/pgrep", ["-P", shell], capturing: true)
        guard let pid = child.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw ALSATools.ToolFailure(description: "no process under the pane's shell \(shell)")
        }
        return pid
    }

    /// The pane's terminal settings as `stty -a` prints them.
    func terminalSettings() async throws -> String {
        let tty = try await Self.tmux(["display-message", "-p", "-t", name, "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try await Self.run("/usr/bin/stty", ["-F", tty, "-a"], capturing: true)
    }

    func kill() async {
        _ = try? await Self.tmux(["kill-session", "-t", name])
    }

    /// Runs a tmux client; waits for its exit without blocking a thread of the test's pool.
    @discardableResult
    private static func tmux(_ arguments: [String]) async throws -> String {
        try await run("/usr/bin/tmux", arguments, capturing: true)
    }

    @discardableResult
    private static func run(_ path: String, _ arguments: [String], capturing: Bool) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = capturing ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        // A pane's text is far smaller than a pipe's buffer, so it is all there after the exit.
        let data = capturing ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        guard status == 0 else {
            throw ALSATools.ToolFailure(description: "\(path) \(arguments.joined(separator: " ")) exited with \(status)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
