import Foundation
import PeachCore

/// The result as one JSON object.
public struct CalibrationJSON: Encodable {
    public let latencyMs: Double
    public let spreadMs: Double
    public let taps: Int
    public let output: String
    public let input: String
    public let measuredAt: String

    public init(_ calibration: TapCalibration, output: String, input: String) {
        latencyMs = calibration.latency.milliseconds
        spreadMs = calibration.spreadMilliseconds
        taps = calibration.tapsUsed
        self.output = output
        self.input = input
        measuredAt = RecordTimestamp.text(of: calibration.measuredAt)
    }

    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
