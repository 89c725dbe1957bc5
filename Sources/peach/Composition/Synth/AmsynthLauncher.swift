import ALSASequencer
import Foundation
import Glibc
import PeachCore
import PeachRig
import PeachSettings
import PeachTools

/// Starts amsynth as Peach's synth: headless, on the ALSA sequencer, playing the bank Peach
/// ships from a private folder (see `AmsynthSetup`), and waits until its sequencer client and
/// its audio are up (see `AmsynthReadiness`).
struct AmsynthLauncher: SynthLauncher {
    let settings: SynthLaunchSettings
    let channel: MIDIChannel
    let bendRange: PitchBendRange
    let locator: SoundFontLocator
    /// Where the private folder goes: $XDG_RUNTIME_DIR (a per-user tmpfs), else $TMPDIR, else /tmp.
    let parentFolder: String
    var patience = SynthStartPatience()
    var engine: SynthEngine { .amsynth }

    init(settings: SynthLaunchSettings, channel: MIDIChannel, bendRange: PitchBendRange, locator: SoundFontLocator,
         environment: [String: String]) {
        self.settings = settings
        self.channel = channel
        self.bendRange = bendRange
        self.locator = locator
        parentFolder = [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"]].compactMap { $0 }
            .first { !$0.isEmpty && access($0, W_OK | X_OK) == 0 } ?? "/tmp"
    }

    /// amsynth does not read stdin, so a Peach that dies outright would leave it playing. This
    /// shell keeps stdin for a watcher that sends amsynth SIGINT (its headless mode's way out)
    /// when stdin reaches its end, then becomes amsynth (same pid). The watcher reads a copy
    /// on fd 3: an asynchronous list's own stdin is /dev/null.
    static let watcher = #"exec 3<&0; (read -r _ <&3; kill -INT $$) & exec "$@" 3<&-"#

    func start(client: SequencerClient, notice: @escaping @Sendable (String) -> Void) async throws -> RunningSynth {
        guard settings.autoStart else { throw SynthStartError.autoStartOff }
        guard let executable = locator.amsynth else { throw SynthStartError.notInstalled(.amsynth, named: settings.engine != .automatic) }
        let folder = try makeFolder()
        let removeFolder: @Sendable () -> Void = { try? FileManager.default.removeItem(atPath: folder) }
        let setup: AmsynthSetup
        do {
            setup = try AmsynthSetup(folder: folder, audioDriver: settings.audioDriver, channel: channel, bendRange: bendRange)
            try Self.write(setup)
        } catch let error as AmsynthSetupError {
            removeFolder()
            throw SynthStartError.setup(error)
        } catch {
            removeFolder()
            throw SynthStartError.folder(.amsynth, "\(error)")
        }
        notice("no synth port found: starting amsynth with Peach's pitch tone (audio driver \(setup.audioDriver))")
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: "/bin/sh", arguments: ["-c", Self.watcher, "sh", executable] + setup.arguments,
                                       environment: setup.environment, readyMarker: nil)
        } catch {
            removeFolder()
            throw error
        }
        let progress = patience.reportProgress(of: engine, to: notice)
        defer { progress.cancel() }
        do {
            let port = try await waitUntilReady(process, client: client)
            return RunningSynth(engine: .amsynth, port: port, sound: "Peach's pitch tone (\(setup.bankPath))",
                                process: process, stopSignal: SIGINT, cleanUp: removeFolder)
        } catch {
            await process.terminate(signal: SIGINT)
            removeFolder()
            throw error
        }
    }

    private func makeFolder() throws(SynthStartError) -> String {
        var template = Array("\(parentFolder)/peach-amsynth-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .folder(.amsynth, "mkdtemp in \(parentFolder): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    private static func write(_ setup: AmsynthSetup) throws {
        for folder in setup.folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in setup.files {
            try file.contents.write(toFile: file.path, atomically: true, encoding: .utf8)
        }
    }

    /// Looks every 20 ms (amsynth says nothing when it is ready); throws when it exits first,
    /// its audio fails, the limit passes, or the waiting task is cancelled.
    private func waitUntilReady(_ process: ChildProcess, client: SequencerClient) async throws -> SequencerPort {
        let clock = ContinuousClock()
        let deadline = clock.now + patience.limit
        while true {
            if let status = process.status {
                throw SynthStartError.exited(.amsynth, status: status.description, stderr: process.standardError)
            }
            switch AmsynthReadiness.judge(ports: try client.ports(), pid: process.pid,
                                          threads: Self.threadCount(of: process.pid), stderr: process.standardError) {
            case .ready(let port):
                return port
            case .audioFailed:
                // Its stderr is read by another thread: give it a moment to catch the driver's words.
                try await Task.sleep(for: .milliseconds(100))
                throw SynthStartError.noAudio(.amsynth, stderr: process.standardError)
            case .waiting:
                break
            }
            guard clock.now < deadline else {
                throw SynthStartError.timedOut(.amsynth, limit: patience.limit, stderr: process.standardError)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How many threads `pid` has now; 0 when it is gone.
    static func threadCount(of pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }
}
