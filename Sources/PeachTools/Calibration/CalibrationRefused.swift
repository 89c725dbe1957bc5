/// The estimator's refusal; printed as "Error: calibration refused: …", exit status 1.
public struct CalibrationRefused: Error, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "calibration refused, nothing stored: \(reason)" }
}
