import Foundation

/// FluidSynth as an ALSA sequencer client ("FLUID Synth (ID)") rendering everything it plays to a
/// WAV file in real time; `quit` on its shell (stdin) finalises the file. The same set-up as
/// Tests/ALSAIntegrationTests/PlayerFluidSynthTests.swift, whose helper a test target keeps to itself.
final class FluidSynthRender {
    static let soundFonts = ["/usr/share/sounds/sf2/TimGM6mb.sf2", "/usr/share/sounds/sf2/FluidR3_GM.sf2"]

    let wav: URL
    let soundFont: String
    /// The client name `peach play --to` finds it by.
    let clientName: String
    private let process = Process()
    private let shell = Pipe()
    private let started = ContinuousClock.now

    init(renderingTo wav: URL, id: String) throws {
        guard let soundFont = Self.soundFonts.first(where: FileManager.default.fileExists(atPath:)) else {
            throw BenchFailure("no General MIDI soundfont: none of \(Self.soundFonts.joined(separator: ", "))")
        }
        self.wav = wav
        self.soundFont = soundFont
        clientName = "FLUID Synth (\(id))"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["-a", "file", "-o", "audio.file.name=\(wav.path)", "-o", "audio.file.type=wav",
                             "-o", "midi.alsa_seq.id=\(id)", "-m", "alsa_seq", "-r", "44100", "-g", "0.8", soundFont]
        process.standardInput = shell
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchFailure("could not start /usr/bin/fluidsynth: \(error)")
        }
    }

    /// Waits (at most 30 s) until the WAV holds as much sound as time has passed since the start,
    /// less a second for loading the soundfont before the file opens. Its file driver renders in
    /// real time and catches up when late; `quit` drops what it has not rendered, which under
    /// TCG can be the end of the last note.
    func caughtUp() async throws {
        let duration = ContinuousClock.now - started - .seconds(1)
        let bytes = 44 + Int(Double(duration / .milliseconds(1)) / 1000 * 44_100 * 4)   // 16-bit stereo
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int) ?? 0
            if size >= bytes { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchFailure("FluidSynth's render \(wav.path) did not catch up with \(duration) of playing within 30 s")
    }

    /// Ends FluidSynth cleanly, so the WAV file is complete; fails unless it exits 0.
    func quit() async throws {
        let status: Int32 = await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            guard process.isRunning else {
                continuation.resume(returning: process.terminationStatus)
                return
            }
            shell.fileHandleForWriting.write(Data("quit\n".utf8))
        }
        guard status == 0 else { throw BenchFailure("fluidsynth exited with \(status) rendering \(wav.path)") }
    }

    func kill() { if process.isRunning { process.terminate() } }
}
