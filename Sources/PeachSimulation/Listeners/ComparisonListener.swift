import PeachCore

/// A simulated listener answering "higher or lower?".
///
/// On each trial the listener hears the difference with the lapse-free probability of
/// `PsychometricFunction` (½ at the threshold); a lapse (probability `lapseRate`) means not
/// listening at all. Without hearing it the listener guesses, saying "higher" with probability
/// `higherBias` (0.5: no bias). Over both signs that gives
/// P(correct) = 0.5 + 0.5·(1 − lapseRate)·detection, i.e. the fit's lapse rate is half this one.
public struct ComparisonListener: Hashable, Sendable, CustomStringConvertible {
    /// Cents at 75 % correct (lapses aside).
    public let threshold: Double
    public let slope: Double
    public let lapseRate: Double
    public let higherBias: Double
    private let function: PsychometricFunction

    public init(threshold: Double, slope: Double = 2, lapseRate: Double = 0.04, higherBias: Double = 0.6) throws(DomainValueError) {
        guard (0...1).contains(higherBias) else {
            throw .outOfRange(type: "bias towards higher", value: "\(higherBias)", allowed: "0…1")
        }
        function = try PsychometricFunction(threshold: threshold, slope: slope, lapseRate: 0)
        guard (0...1).contains(lapseRate) else {
            throw .outOfRange(type: "lapse rate", value: "\(lapseRate)", allowed: "0…1")
        }
        self.threshold = threshold
        self.slope = slope
        self.lapseRate = lapseRate
        self.higherBias = higherBias
    }

    /// Whether the listener answers "higher" to a target `centOffset` cents off.
    public func answersHigher(to centOffset: Double, using random: inout some RandomNumberGenerator) -> Bool {
        let attends = Double.random(in: 0..<1, using: &random) >= lapseRate
        let hears = Double.random(in: 0..<1, using: &random) < function.detection(at: centOffset)
        if attends && hears { return centOffset > 0 }
        return Double.random(in: 0..<1, using: &random) < higherBias
    }

    public var description: String {
        "T = \(threshold) c at 75 %, slope \(slope), lapses \(lapseRate), says higher \(Int(higherBias * 100)) % when guessing"
    }
}
