/// Running mean and population variance in one pass (Welford's algorithm), stable for long runs.
public struct WelfordAccumulator: Hashable, Sendable, Codable {
    public private(set) var count = 0
    public private(set) var mean = 0.0
    private var sumOfSquaredDeviations = 0.0

    public init() {}

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        sumOfSquaredDeviations += delta * (value - mean)
    }

    /// Population standard deviation (divides by n, not n − 1); 0 for fewer than two values.
    public var standardDeviation: Double {
        count < 2 ? 0 : (sumOfSquaredDeviations / Double(count)).squareRoot()
    }
}
