import Foundation
import Synchronization

/// Record timestamps for a simulated run: one trial every 3 s from a fixed start, counted per
/// record rather than read from the clock, so the records of a seed are identical on every run.
final class RecordStamps: Sendable {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let spacing: TimeInterval = 3

    private let count = Mutex(0)

    func next() -> Date {
        count.withLock { count in
            defer { count += 1 }
            return Self.start.addingTimeInterval(Double(count) * Self.spacing)
        }
    }
}
