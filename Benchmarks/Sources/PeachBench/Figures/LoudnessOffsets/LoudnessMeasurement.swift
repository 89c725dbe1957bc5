import Foundation

/// scripts/measure-loudness.py: the RMS level (dBFS) of every note's steady part in a WAV file,
/// in the order they sound, each note's sample peak, and the level between the notes.
enum LoudnessMeasurement {
    static let script = PitchMeasurement.script.deletingLastPathComponent().appendingPathComponent("measure-loudness.py")

    struct Levels {
        /// Each note's RMS over the window, dBFS.
        let levels: [Double]
        /// Each note's largest sample, dBFS: how far the loudest stays under full scale.
        let peaks: [Double]
        /// The RMS between the notes, dBFS (−240: digital silence).
        let floor: Double
    }

    /// - Parameter window: seconds after each onset to measure over.
    static func levels(of wav: URL, window: ClosedRange<Double>) async throws -> Levels {
        let child = try await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                              [script.path, wav.path, String(window.lowerBound), String(window.upperBound)])
        let lines = child.stdout.split(separator: "\n")
        guard child.status == 0, let last = lines.last,
              let floorLine = lines.last(where: { $0.hasPrefix("floor ") }),
              let floor = Double(floorLine.dropFirst("floor ".count)) else {
            throw BenchFailure("measure-loudness.py \(wav.path) exited with \(child.status): \(child.stdout)\(child.stderr)")
        }
        let peaks = lines.dropLast().compactMap { line -> Double? in
            let fields = line.split(separator: " ")
            return fields.count == 4 ? Double(fields[3]) : nil
        }
        return Levels(levels: last.split(separator: " ").compactMap { Double($0) }, peaks: peaks, floor: floor)
    }
}
