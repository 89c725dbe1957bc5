import Foundation

extension ThresholdChange {
    /// The change between two windows of comparison trials fitted together: a threshold for
    /// each, one psychometric slope and lapse rate for both (the listener's threshold moves;
    /// how steeply and how carelessly they answer is theirs throughout).
    ///
    /// Fitted apart, each window's threshold carries the uncertainty of its own slope: the Kazez
    /// staircase asks below the threshold, where the slope decides how far above the answers the
    /// threshold lies. That uncertainty moves both windows alike, so with a shared slope it
    /// cancels from the difference, which is what the verdict is about. The joint posterior is
    /// flat in log cents for each threshold, with the slope and lapse rate maximised out, as
    /// the fit's own interval; nil when either window has no mass.
    public init?(before: GridLikelihood, after: GridLikelihood) {
        guard before.nuisanceCount == after.nuisanceCount, before.values.count == after.values.count,
              before.nuisanceCount > 0 else { return nil }
        let nuisance = before.nuisanceCount
        let thresholds = ThresholdFit.thresholds
        // Thresholds far below each window's best on its own carry no mass jointly either.
        let earlier = Self.plausible(before.profile), later = Self.plausible(after.profile)
        guard !earlier.isEmpty, !later.isEmpty else { return nil }
        var joint: [(value: Double, logMass: Double)] = []
        joint.reserveCapacity(earlier.count * later.count)
        for old in earlier {
            for new in later {
                var best = -Double.infinity
                for index in 0..<nuisance {
                    best = max(best, before.values[old * nuisance + index] + after.values[new * nuisance + index])
                }
                joint.append((thresholds[old] - thresholds[new], best))
            }
        }
        guard let peak = joint.map(\.logMass).filter(\.isFinite).max() else { return nil }
        self.init(differences: joint.map { ($0.value, $0.logMass.isFinite ? exp($0.logMass - peak) : 0) })
    }

    /// The grid indices whose profile lies within 25 log units of the best: e^−25 is nothing.
    private static func plausible(_ profile: [Double]) -> [Int] {
        guard let best = profile.filter(\.isFinite).max() else { return [] }
        return profile.indices.filter { profile[$0].isFinite && profile[$0] >= best - 25 }
    }
}
