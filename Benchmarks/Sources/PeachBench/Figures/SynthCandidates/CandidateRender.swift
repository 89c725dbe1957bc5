import Foundation

/// A candidate synth running as an ALSA sequencer client whose sound goes into a WAV file, and
/// how long it took from being started to accepting events.
final class CandidateRender {
    let synth: CandidateSynth
    let wav: URL
    /// "CLIENT:0", what `peach play --to` is given.
    private(set) var port = ""
    /// From spawning it to its client being in the sequencer and (where it says so) ready.
    private(set) var startUp: Duration = .zero
    private let process = Process()
    private let output = Pipe()
    private var recorder: Process?
    private let log: URL

    /// Starts it and waits until it accepts events, at most `limit`.
    init(_ synth: CandidateSynth, renderingTo wav: URL, home: URL, limit: Duration) async throws {
        self.synth = synth
        self.wav = wav
        log = home.appendingPathComponent("output.txt")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try synth.prepare(home)
        process.executableURL = URL(fileURLWithPath: synth.executable)
        process.arguments = synth.arguments(wav, home)
        var environment = ProcessInfo.processInfo.environment
        environment["ALSA_CARD"] = "Loopback"
        environment.merge(synth.environment(home)) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw BenchFailure("cannot create \(log.path)")
        }
        let sink = try FileHandle(forWritingTo: log)
        process.standardOutput = sink
        process.standardError = sink
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try process.run()
        } catch {
            throw BenchFailure("could not start \(synth.executable): \(error)")
        }
        while true {
            if !process.isRunning {
                throw BenchFailure("\(synth.name) exited with \(process.terminationStatus) before it was ready: \(said)")
            }
            if let client = Self.client(named: synth.clientPrefix),
               synth.readyMarker.map({ said.contains($0) }) ?? true,
               synth.capture == .file || Self.loopbackPlaying {
                port = "\(client):0"
                break
            }
            if clock.now - started > limit {
                kill()
                throw BenchFailure("\(synth.name) was not ready within \(limit): \(said)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        startUp = clock.now - started
        if synth.capture == .loopback { try startRecorder() }
    }

    /// What it printed so far.
    var said: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The number of the first sequencer client whose name starts with `prefix`
    /// (/proc/asound/seq/clients: `Client 128 : "amsynth" [User Legacy]`).
    static func client(named prefix: String) -> Int? {
        guard let table = try? String(contentsOfFile: "/proc/asound/seq/clients", encoding: .utf8) else { return nil }
        for line in table.split(separator: "\n") {
            if let match = line.firstMatch(of: /^Client +(\d+) : "([^"]*)"/), match.2.hasPrefix(prefix) {
                return Int(match.1)
            }
        }
        return nil
    }

    /// Whether something plays into the loop (card 1, the VM's snd-aloop): a synth opens its audio
    /// after its sequencer port, and a note before that is lost (amsynth's first was).
    static var loopbackPlaying: Bool {
        ((try? String(contentsOfFile: "/proc/asound/card1/pcm0p/sub0/status", encoding: .utf8)) ?? "").contains("RUNNING")
    }

    /// arecord on the loop's capture end, converting whatever the synth plays to 16-bit stereo.
    private func startRecorder() throws {
        let arecord = Process()
        arecord.executableURL = URL(fileURLWithPath: "/usr/bin/arecord")
        arecord.arguments = ["-q", "-D", "plughw:Loopback,1,0", "-f", "S16_LE", "-r", "48000", "-c", "2", "-t", "wav", wav.path]
        arecord.standardInput = FileHandle.nullDevice
        arecord.standardOutput = FileHandle.nullDevice
        arecord.standardError = FileHandle.nullDevice
        do {
            try arecord.run()
        } catch {
            throw BenchFailure("could not start /usr/bin/arecord: \(error)")
        }
        recorder = arecord
    }

    /// Ends the recording and the synth (TiMidity finishes its WAV header on SIGTERM).
    func finish() async throws {
        if let recorder {
            recorder.interrupt()  // SIGINT: arecord rewrites the header with the length
            await Self.exit(of: recorder)
        }
        process.terminate()
        await Self.exit(of: process)
        guard FileManager.default.fileExists(atPath: wav.path) else {
            throw BenchFailure("\(synth.name) left no recording at \(wav.path): \(said)")
        }
    }

    func kill() {
        if let recorder, recorder.isRunning { recorder.terminate() }
        if process.isRunning { process.terminate() }
    }

    private static func exit(of process: Process) async {
        for _ in 0..<250 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// "1.13.2", the first version-like word `synth.versionCommand` prints.
    static func version(of synth: CandidateSynth) async -> String {
        guard let tool = synth.versionCommand.first,
              let child = try? await ChildOutput.run(URL(fileURLWithPath: tool),
                                                     Array(synth.versionCommand.dropFirst())),
              let match = (child.stdout + child.stderr).firstMatch(of: /(\d+\.\d+(\.\d+)?)/) else { return "(version unknown)" }
        return String(match.1)
    }
}
