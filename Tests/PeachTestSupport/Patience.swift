import Foundation

/// How long a test waits for what it expects before calling the run wedged. Tests wait for
/// events; these limits only end a run that will never get there, so they are generous, and on
/// a machine known to be busy (`scripts/test --under-load` sets PEACH_TEST_PATIENCE) they
/// stretch further. A product promise measured in a test ("exits at once") is not scaled.
public enum Patience {
    /// The multiplier for every outer limit: PEACH_TEST_PATIENCE (a number ≥ 1), else 2.
    public static let factor: Double = {
        guard let text = ProcessInfo.processInfo.environment["PEACH_TEST_PATIENCE"],
              let value = Double(text), value >= 1 else { return 2 }
        return value
    }()

    /// `limit`, stretched by `factor`.
    public static func outer(_ limit: Duration) -> Duration {
        limit * factor
    }

    /// A suite's time limit of `minutes`, stretched by `factor` and rounded up to whole minutes
    /// (Swift Testing's unit): `.timeLimit(.minutes(Patience.minutes(2)))`. Traits are evaluated
    /// when the run starts, so PEACH_TEST_PATIENCE is read then.
    public static func minutes(_ minutes: Int) -> Int {
        Int((Double(minutes) * factor).rounded(.up))
    }
}
