import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig
import PeachTestSupport
import Testing

/// The adapter driving a real synth: FluidSynth as a sequencer client, rendering to a WAV file.
@Suite("ALSANotePlayer driving FluidSynth",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct PlayerFluidSynthTests {
    static let soundFont = "/usr/share/sounds/sf2/TimGM6mb.sf2"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// All notes come from the same sample in the same render, so its own detune cancels. Debian's
    /// FluidSynth 2.3.1 truncates pitch to whole cents; asked as `BendResponse.fluidSynth` says,
    /// it sounds the nearest whole cent: +13.7 c as +14 and −13.3 c as −13 (truncation would give
    /// +13 and −14). The measurement of 2.5 s notes finds a whole cent within ±0.002 c (1.5 s
    /// notes were off by 0.05 c), so the bounds get a 0.02 c measuring margin. Sub-cent accuracy
    /// is proven on the bend values (PlayerSequencerTests), not in the WAV.
    @Test("A4, A4 + 13.7 c and A4 − 13.3 c through the adapter to FluidSynth sound +14 c and −13 c: the nearest cent, no flat bias")
    func symmetricRoundingOnFluidSynth() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-fluidsynth-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wav = directory.appendingPathComponent("render.wav").path

        let peach = try SequencerClient(name: "Peach FluidSynth Test")
        defer { peach.close() }
        let announcements = EventCollector(peach.events())
        let fluid = try FluidSynth(renderingTo: wav)
        defer { fluid.kill() }
        let started = await announcements.first { event in
            guard case .portStarted(let address)? = event.announcement else { return false }
            return (try? peach.ports().first { $0.address == address }?.clientName.hasPrefix("FLUID Synth")) == true
        }
        guard case .portStarted(let synth)? = started?.announcement else {
            Issue.record("FluidSynth's port never appeared")
            return
        }
        // FluidSynth opens its audio (the file) before its sequencer port.
        let rendering = ContinuousClock.now
        try peach.connectOutput(to: synth)
        let clientName = try #require(try peach.ports().first { $0.address == synth }?.clientName)

        // Ocarina (GM 80): a steady tone without vibrato, easy to measure.
        let player = ALSANotePlayer(output: peach, configuration: NotePlayerConfiguration(
            sound: try SoundSelection(program: 79), bendResponse: SynthProfile(clientName: clientName).bendResponse))
        try player.prepare()
        let velocity = try MIDIVelocity(100)
        for cents in [0, 13.7, -13.3] {
            try await player.play(frequency: PlayerFixtures.hz(cents), duration: .milliseconds(2500), velocity: velocity,
                                  amplitude: .zero)
            try await Task.sleep(for: .milliseconds(600))  // let the release fade so the notes separate
        }
        // Its file driver renders in real time and catches up when late; `quit` drops what it has
        // not rendered, which under TCG was once most of the last note.
        let caughtUp = await fluid.rendered(atLeast: ContinuousClock.now - rendering - .milliseconds(200), within: .seconds(20))
        #expect(caughtUp, "FluidSynth's render did not catch up with the notes played")
        #expect(try await fluid.quit() == 0)

        let measured = try await Self.measure(wav)
        try #require(measured.count == 3, "expected three notes in the render, measured \(measured)")
        let up = 1200 * log2(measured[1] / measured[0]), down = 1200 * log2(measured[2] / measured[0])
        #expect(abs(up - 14) <= 0.02, "+13.7 c measured \(up) c (\(measured) Hz)")
        #expect(abs(down + 13) <= 0.02, "−13.3 c measured \(down) c (\(measured) Hz)")
    }

    private static func measure(_ wav: String) async throws -> [Double] {
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repository.appendingPathComponent("scripts/measure-pitch.py").path, wav]
        process.standardOutput = output
        let status = try await run(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0, let last = text.split(separator: "\n").last else {
            throw FluidSynth.Failure(description: "measure-pitch.py exited with \(status): \(text)")
        }
        return last.split(separator: " ").compactMap { Double($0) }
    }

    fileprivate static func run(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
    }
}

/// FluidSynth as an ALSA sequencer client ("FLUID Synth (fluid)") writing a WAV file; its shell
/// reads stdin, and `quit` there finalises the file.
private final class FluidSynth {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let process = Process()
    private let shell = Pipe()
    private let wav: String

    init(renderingTo wav: String) throws {
        self.wav = wav
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["-a", "file", "-o", "audio.file.name=\(wav)", "-o", "audio.file.type=wav",
                             "-o", "midi.alsa_seq.id=fluid", "-m", "alsa_seq", "-r", "44100", "-g", "0.8",
                             PlayerFluidSynthTests.soundFont]
        process.standardInput = shell
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits until the WAV holds `duration` of sound (44.1 kHz, 16-bit stereo after a 44-byte
    /// header), at most `timeout`; whether it got there.
    func rendered(atLeast duration: Duration, within timeout: Duration) async -> Bool {
        let bytes = 44 + Int(Double(duration / .milliseconds(1)) / 1000 * 44_100 * 4)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
            if size >= bytes { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Ends FluidSynth cleanly and returns its exit status.
    func quit() async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            guard process.isRunning else {
                continuation.resume(returning: process.terminationStatus)
                return
            }
            shell.fileHandleForWriting.write(Data("quit\n".utf8))
        }
    }

    func kill() { if process.isRunning { process.terminate() } }
}
