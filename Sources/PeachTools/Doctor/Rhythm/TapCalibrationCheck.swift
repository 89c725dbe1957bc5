import ALSASequencer
import PeachALSA
import Foundation
import PeachCore

/// What the doctor learnt about the tap calibration of the ports rhythm matching would use.
public enum TapCalibrationFacts: Hashable, Sendable {
    /// The pair is not known yet (no synth port running, no controller); the text says which.
    case portsUnknown(String)
    /// The pair (as stored: `SequencerPort.calibrationName`) and its latest calibration, if any.
    case pair(output: String, input: String, calibration: TapCalibration?)
    /// The store could not say; its message.
    case unreadable(String)
}

/// Is the pair of ports rhythm matching would use calibrated (`peach calibrate`)? Without a
/// calibration rhythm matching still works, judging taps as stamped: a note, not a warning.
public struct TapCalibrationCheck: DoctorCheck {
    public static let check = "tap-calibration"
    public static let title = "Tap calibration"

    public let facts: TapCalibrationFacts

    public init(facts: TapCalibrationFacts) {
        self.facts = facts
    }

    public var finding: DoctorFinding {
        switch facts {
        case .portsUnknown(let reason):
            return .ok(Self.check, Self.title, found: "not looked up: \(reason)")
        case .pair(let output, let input, nil):
            return .ok(Self.check, Self.title,
                       found: "none for \(output) with \(input): rhythm matching judges taps uncompensated; run peach calibrate")
        case .pair(let output, let input, let calibration?):
            return .ok(Self.check, Self.title,
                       found: "\(calibration.summary) for \(output) with \(input), measured "
                           + RecordTimestamp.text(of: calibration.measuredAt, precision: .seconds))
        case .unreadable(let reason):
            return .problem(Self.check, Self.title, found: reason,
                            fix: "Run `peach calibrate` again: the newest calibration of a pair of ports is the one used.")
        }
    }
}

extension PortFacts {
    /// The controller `peach train` would listen to now: the configured one, else PortChoice's.
    public var controller: SequencerPort? {
        if let inputSpec { return try? PortResolver.resolve(inputSpec, among: ports, for: .source) }
        return PortChoice.defaultController(among: ports, excludingClient: ownClient)
    }
}
