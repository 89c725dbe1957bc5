import Foundation

/// The two-alternative ("higher or lower?") psychometric function the threshold fit assumes:
/// a Weibull in the cent offset, with a guess rate of 0.5 and a lapse rate.
///
/// P(correct | x) = 0.5 + (0.5 − λ) · (1 − 2^−(x/T)^β). It is parameterised by the threshold T
/// itself: without lapses, an offset of T is answered correctly 75 % of the time, whatever the
/// slope β. λ is the share of answers lost to inattention (a lapse costs a correct answer
/// half the time, so λ ≤ 0.06 means up to 12 % careless answers).
public struct PsychometricFunction: Hashable, Sendable {
    /// Percent correct at the threshold, lapses aside.
    public static let percentCorrectAtThreshold = 75.0

    /// Cents; > 0.
    public let threshold: Double
    /// > 0; larger is steeper.
    public let slope: Double
    /// 0 ≤ λ < 0.5.
    public let lapseRate: Double

    public init(threshold: Double, slope: Double, lapseRate: Double) throws(DomainValueError) {
        guard threshold.isFinite, slope.isFinite, lapseRate.isFinite else {
            throw .notFinite(type: "psychometric function parameter")
        }
        guard threshold > 0 else { throw .outOfRange(type: "threshold", value: "\(threshold)", allowed: "> 0 cents") }
        guard slope > 0 else { throw .outOfRange(type: "slope", value: "\(slope)", allowed: "> 0") }
        guard (0..<0.5).contains(lapseRate) else {
            throw .outOfRange(type: "lapse rate", value: "\(lapseRate)", allowed: "0 ≤ λ < 0.5")
        }
        self.threshold = threshold
        self.slope = slope
        self.lapseRate = lapseRate
    }

    /// The lapse-free share of trials on which the difference is heard: 1 − 2^−(x/T)^β, ½ at T.
    public func detection(at offset: Double) -> Double {
        Self.detection(at: offset, threshold: threshold, slope: slope)
    }

    /// The probability of a correct answer at an offset of `offset` cents (its magnitude counts).
    public func probabilityCorrect(at offset: Double) -> Double {
        0.5 + (0.5 - lapseRate) * detection(at: offset)
    }

    static func detection(at offset: Double, threshold: Double, slope: Double) -> Double {
        -expm1(-log(2.0) * pow(abs(offset) / threshold, slope))
    }
}
