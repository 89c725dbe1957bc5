import PeachSettings
import Synchronization

/// Where `peach train`'s settings warnings go: stderr lines until the screen has a status line,
/// then notices printed above it, so a warning after an edit during training (the file is
/// re-read before every trial) is never glued onto the status line.
final class SettingsWarningRelay: Sendable {
    private let notice = Mutex<(@Sendable (String) -> Void)?>(nil)

    var sink: SettingsWarningSink {
        { warning in
            if let notice = self.notice.withLock({ $0 }) {
                notice("warning: \(warning)")
            } else {
                SettingsComposition.printWarning(warning)
            }
        }
    }

    /// From now on, warnings are shown through `notice`; nil returns them to stderr.
    func show(through notice: (@Sendable (String) -> Void)?) {
        self.notice.withLock { $0 = notice }
    }
}
