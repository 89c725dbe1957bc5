import Foundation

/// An exponentially weighted moving average over training sessions.
///
/// Values less than `sessionGap` apart (measured from the previous value) form one session
/// bucket, a gap of exactly `sessionGap` starts the next one, as in the iOS app; a bucket counts with its mean. Each bucket is blended into the average with
/// α = 1 − exp(−ln2 · Δt / halfLife), Δt being the time between the starts of the bucket and of
/// the one before, so a week-old average counts half as much as it did a week ago.
public struct SessionEWMA: Hashable, Sendable, Codable {
    public static let defaultSessionGap: TimeInterval = 30 * 60
    public static let defaultHalfLife: TimeInterval = 7 * 24 * 3600

    public let sessionGap: TimeInterval
    public let halfLife: TimeInterval

    private var averageBeforeCurrentBucket: Double?
    private var previousBucketStart: Date?
    private var currentBucketStart: Date?
    private var currentBucketLast: Date?
    private var currentBucketSum = 0.0
    private var currentBucketCount = 0

    public init(sessionGap: TimeInterval = defaultSessionGap, halfLife: TimeInterval = defaultHalfLife) {
        self.sessionGap = sessionGap
        self.halfLife = halfLife
    }

    public mutating func add(_ value: Double, at time: Date) {
        if let last = currentBucketLast, time.timeIntervalSince(last) < sessionGap {
            currentBucketSum += value
            currentBucketCount += 1
            currentBucketLast = max(last, time)
            return
        }
        averageBeforeCurrentBucket = self.value
        previousBucketStart = currentBucketStart
        currentBucketStart = time
        currentBucketLast = time
        currentBucketSum = value
        currentBucketCount = 1
    }

    /// The average including the current (possibly still growing) session; nil before any value.
    public var value: Double? {
        guard currentBucketCount > 0, let start = currentBucketStart else { return nil }
        let bucketMean = currentBucketSum / Double(currentBucketCount)
        guard let before = averageBeforeCurrentBucket, let previousStart = previousBucketStart else {
            return bucketMean
        }
        let elapsed = max(0, start.timeIntervalSince(previousStart))
        let alpha = 1 - exp(-log(2.0) * elapsed / halfLife)
        return alpha * bucketMean + (1 - alpha) * before
    }
}
