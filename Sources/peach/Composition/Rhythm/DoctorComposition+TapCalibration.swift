import PeachStore
import PeachTools

extension DoctorComposition {
    /// The latest calibration of the ports rhythm matching would use, read without changing the
    /// store (a store too old to hold calibrations has none; the store check says the rest).
    static func calibrationFacts(_ facts: PortFacts?, store: StoreFacts, location: StoreLocation) -> TapCalibrationFacts {
        guard let facts, let synth = facts.synth else {
            return .portsUnknown("no synth port is running (the one Peach starts is looked up when it runs)")
        }
        guard let controller = facts.controller else {
            return .portsUnknown("no controller is connected (the terminal's keys are not calibrated)")
        }
        let (output, input) = (synth.calibrationName, controller.calibrationName)
        guard case .present(let summary) = store, summary.appliedMigrations.contains(StoreSchema.tapCalibrations) else {
            return .pair(output: output, input: input, calibration: nil)
        }
        do {
            let calibration = try TrainingStore(location: location, mode: .readOnly).latestCalibration(output: output, input: input)
            return .pair(output: output, input: input, calibration: calibration)
        } catch {
            return .unreadable(error.description)
        }
    }
}
