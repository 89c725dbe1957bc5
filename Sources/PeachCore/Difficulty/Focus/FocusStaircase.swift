import Foundation

/// One interval's staircase under `--focus weak`: a weighted up-down rule (Kaernbach 1991) on
/// the logarithm of the magnitude, a step down after a correct answer and three steps' worth up
/// after a wrong one, so it settles where three answers in four are correct: at the threshold
/// the profile estimates.
///
/// The Kazez rule (training without a focus) settles near 64 % correct, below the threshold, so
/// the trials say little about its upper side and the fit's interval stays loose there. At the
/// threshold the answer rate does not depend on the psychometric slope, which the fit does not
/// know, and the listener still gets three answers in four right: no run of impossible trials.
///
/// A staircase that does not start from its interval's own estimate (cold start, or the
/// discipline's mean) first searches: each correct answer takes 30 % off until the first wrong one.
public struct FocusStaircase: Hashable, Sendable {
    /// Natural-log steps: down after a correct answer, up after a wrong one (3 : 1 → 75 % correct).
    static let down = 0.08
    static let up = 0.24
    /// The factor of a correct answer while searching.
    static let searchFactor = 0.7

    public let magnitude: Cents
    /// Still searching from a start far from the threshold: no wrong answer yet.
    public let isSearching: Bool

    public init(start: Cents, searching: Bool) {
        magnitude = start
        isSearching = searching
    }

    /// The staircase after an answer at `magnitude`, within `minimum`…100 cents.
    public func next(wasCorrect: Bool, minimum: Double) -> FocusStaircase {
        let factor = switch (wasCorrect, isSearching) {
        case (true, true): Self.searchFactor
        case (true, false): exp(-Self.down)
        case (false, _): exp(Self.up)
        }
        let upper = KazezStrategy.maximum
        let value = min(max(magnitude.rawValue * factor, min(minimum, upper)), upper)
        return FocusStaircase(start: Cents(unchecked: value), searching: isSearching && wasCorrect)
    }
}
