import Foundation

/// scripts/measure-pitch.py: the fundamental of every note of at least 0.6 s in a WAV file, in
/// the order they sound.
enum PitchMeasurement {
    /// In the repository this executable was built from (the VM sees it at the same path).
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/measure-pitch.py")

    static func hertz(of wav: URL) async throws -> [Double] {
        let child = try await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, wav.path])
        guard child.status == 0, let last = child.stdout.split(separator: "\n").last else {
            throw BenchFailure("measure-pitch.py \(wav.path) exited with \(child.status): \(child.stdout)\(child.stderr)")
        }
        return last.split(separator: " ").compactMap { Double($0) }
    }
}
