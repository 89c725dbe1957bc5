import Foundation

/// scripts/measure-pitch.py: the fundamental of every note of at least 0.6 s in a WAV file, in
/// the order they sound.
enum PitchMeasurement {
    /// One note of the render: its fundamental, how many underrun gaps (digital silence) lay
    /// inside its steady middle, and the seconds of the clean stretch its pitch is from.
    struct Note {
        let hertz: Double
        let dropouts: Int
        let cleanSeconds: Double

        /// The shortest clean stretch trusted as a note's measurement: a gap leaves the longest
        /// stretch without one, which measures as well as any note when it is long enough.
        static let trustedSeconds = 0.5

        /// Underruns left too short a clean stretch: the pitch is the emulator's as much as the synth's.
        var disturbed: Bool { dropouts > 0 && cleanSeconds < Self.trustedSeconds }
    }

    /// In the repository this executable was built from (the VM sees it at the same path).
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()  // Benchmarks/
        .appendingPathComponent("scripts/measure-pitch.py")

    static func hertz(of wav: URL) async throws -> [Double] {
        try await notes(of: wav).map(\.hertz)
    }

    /// Every note, from the script's per-note lines ("onset end hz dropouts clean").
    static func notes(of wav: URL) async throws -> [Note] {
        let child = try await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, wav.path])
        guard child.status == 0 else {
            throw BenchFailure("measure-pitch.py \(wav.path) exited with \(child.status): \(child.stdout)\(child.stderr)")
        }
        let lines = child.stdout.split(separator: "\n").dropLast()
        return try lines.map { line in
            let fields = line.split(separator: " ")
            guard fields.count == 5, let hertz = Double(fields[2]), let dropouts = Int(fields[3]),
                  let clean = Double(fields[4]) else {
                throw BenchFailure("measure-pitch.py \(wav.path): unexpected line \"\(line)\"")
            }
            return Note(hertz: hertz, dropouts: dropouts, cleanSeconds: clean)
        }
    }
}
