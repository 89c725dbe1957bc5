import Foundation
import GRDB
import Synchronization

/// How the store waits for another process's write (a long `peach import`, a reset) instead of
/// failing: a trial's answer must never be lost because someone else holds the write lock.
///
/// SQLite's busy handler is the only way to learn the lock is free (it offers no wake-up), so
/// the handler sleeps a few milliseconds between tries, as SQLite's own busy timeout does. A
/// wait longer than `noticeAfter` is said once, through the listener set with
/// `TrainingStore.onBusyWait(_:)`. The wait itself has no end: giving up would lose the answer
/// (a run stopped meanwhile ends once its last answer is saved).
final class StoreBusyWait: Sendable {
    /// A wait this long is worth a word: far beyond any write of a trial or a report.
    static let retrySeconds = 0.01

    private let noticeAfter: Duration
    private let listener = Mutex<(@Sendable (String) -> Void)?>(nil)
    private let path: String

    init(path: String, noticeAfter: Duration) {
        self.path = path
        self.noticeAfter = noticeAfter
    }

    func setListener(_ listener: @escaping @Sendable (String) -> Void) {
        self.listener.withLock { $0 = listener }
    }

    /// SQLite's busy handler: called with 0, 1, 2… while one attempt waits; true waits on.
    var mode: Database.BusyMode {
        .callback { [self] tries in
            // Each try sleeps at least the interval: `tries` of them is at least this long.
            if tries == Int((noticeAfter / .seconds(Self.retrySeconds)).rounded(.up)) {
                let message = "the training store \(path) is busy: another peach is writing to it (an import?); "
                    + "waiting for it, nothing is lost"
                listener.withLock { $0 }?(message)
            }
            Thread.sleep(forTimeInterval: Self.retrySeconds)
            return true
        }
    }
}

extension TrainingStore {
    /// `listener` hears, once per long wait, that a write waits for another process's lock.
    public func onBusyWait(_ listener: @escaping @Sendable (String) -> Void) {
        busyWait.setListener(listener)
    }
}
