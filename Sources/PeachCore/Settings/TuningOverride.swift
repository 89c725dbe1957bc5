/// The settings with the tuning a command chose (`peach train --tuning`) in place of the
/// configured one; every other setting still comes from `base`, trial by trial.
public struct TuningOverride: UserSettings {
    public let base: any UserSettings
    public let tuning: Tuning

    public init(base: any UserSettings, tuning: Tuning) {
        self.base = base
        self.tuning = tuning
    }

    public func snapshot() async -> TrainingSettings {
        var settings = await base.snapshot()
        settings.tuning = tuning
        return settings
    }
}
