import PeachCore

/// A simulated listener tuning a note to its target: the note ends at the target plus a
/// constant `bias` plus normal motor noise of SD `motorNoise`; with probability `lapseRate` the
/// listener commits without moving the control at all (the trial keeps its initial offset).
public struct MatchingListener: Hashable, Sendable, CustomStringConvertible {
    public let motorNoise: Double
    public let bias: Double
    public let lapseRate: Double

    public init(motorNoise: Double, bias: Double = 0, lapseRate: Double = 0) throws(DomainValueError) {
        guard motorNoise.isFinite, motorNoise >= 0 else {
            throw .outOfRange(type: "motor noise", value: "\(motorNoise)", allowed: "≥ 0 cents")
        }
        guard bias.isFinite else { throw .notFinite(type: "matching bias") }
        guard (0...1).contains(lapseRate) else {
            throw .outOfRange(type: "lapse rate", value: "\(lapseRate)", allowed: "0…1")
        }
        self.motorNoise = motorNoise
        self.bias = bias
        self.lapseRate = lapseRate
    }

    /// The control position (−1…1) the listener leaves the note at, or nil for a commit without
    /// moving; `trial` says where the note starts.
    public func controlPosition(for trial: PitchMatchingTrial, using random: inout SeededRandom) -> Double? {
        guard Double.random(in: 0..<1, using: &random) >= lapseRate else { return nil }
        let aim = bias + motorNoise * random.normal()
        let position = (aim - trial.initialCentOffset.rawValue) / PitchMatchingSession.controlSpan.rawValue
        return min(max(position, -1), 1)
    }

    public var description: String {
        "motor noise SD \(motorNoise) c, bias \(bias) c, lapses \(lapseRate)"
    }
}
