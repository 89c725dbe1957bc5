import Foundation

/// scripts/measure-loudness.py: the RMS level (dBFS) of every note's steady part in a WAV file,
/// in the order they sound.
enum LoudnessMeasurement {
    static let script = PitchMeasurement.script.deletingLastPathComponent().appendingPathComponent("measure-loudness.py")

    /// - Parameter window: seconds after each onset to measure over.
    static func levels(of wav: URL, window: ClosedRange<Double>) async throws -> [Double] {
        let child = try await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                              [script.path, wav.path, String(window.lowerBound), String(window.upperBound)])
        guard child.status == 0, let last = child.stdout.split(separator: "\n").last else {
            throw BenchFailure("measure-loudness.py \(wav.path) exited with \(child.status): \(child.stdout)\(child.stderr)")
        }
        return last.split(separator: " ").compactMap { Double($0) }
    }
}
