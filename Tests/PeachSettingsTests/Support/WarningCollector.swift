import PeachSettings
import Synchronization

/// A warning sink that keeps what it receives, so tests can count.
final class WarningCollector: Sendable {
    private let received = Mutex<[SettingsWarning]>([])

    var sink: SettingsWarningSink {
        { warning in self.received.withLock { $0.append(warning) } }
    }

    var warnings: [SettingsWarning] { received.withLock { $0 } }
    var count: Int { warnings.count }
}
