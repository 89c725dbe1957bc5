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
