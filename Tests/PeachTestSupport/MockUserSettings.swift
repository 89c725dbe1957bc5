import PeachCore
import Synchronization

/// In-memory settings a test can change between trials; session and player tests use this,
/// never files. (A test that never changes them passes a `TrainingSettings` value.)
public final class MockUserSettings: UserSettings {
    private let values: Mutex<TrainingSettings>

    public init(_ configure: (inout TrainingSettings) -> Void = { _ in }) {
        values = Mutex(TrainingSettings(configure))
    }

    public func update(_ change: (inout TrainingSettings) -> Void) { values.withLock { change(&$0) } }

    /// What the next trial will read.
    public var current: TrainingSettings { values.withLock { $0 } }

    public func snapshot() async -> TrainingSettings { current }
}
