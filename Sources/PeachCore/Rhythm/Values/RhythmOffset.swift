/// A signed timing offset from where a note belongs, in milliseconds: negative is early.
///
/// Records keep milliseconds (as the iOS app does) with the tempo beside them; people see the
/// offset as a percentage of a sixteenth note at that tempo, which means the same at any tempo.
public struct RhythmOffset: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The most a recorded offset can be either way: four sixteenths at the slowest tempo. The
    /// sessions record at most half a sixteenth; a stored or imported value beyond it is damage.
    public static let recordedLimitMilliseconds = 1000.0

    public let milliseconds: Double

    public init(milliseconds: Double) throws(DomainValueError) {
        guard milliseconds.isFinite else { throw .notFinite(type: "rhythm offset") }
        self.milliseconds = milliseconds
    }

    init(uncheckedMilliseconds milliseconds: Double) {
        precondition(milliseconds.isFinite)
        self.milliseconds = milliseconds
    }

    public static let zero = RhythmOffset(uncheckedMilliseconds: 0)

    /// `percent` of a sixteenth at `tempo` (signed), rounded to whole microseconds.
    public init(percentOfSixteenth percent: Double, at tempo: TempoBPM) throws(DomainValueError) {
        guard percent.isFinite else { throw .notFinite(type: "rhythm offset") }
        self.init(uncheckedMilliseconds: Self.roundedToRecordingPrecision(percent / 100 * tempo.sixteenthMilliseconds))
    }

    /// How far `actual` lies from `expected` on the player's clock, rounded to whole microseconds.
    public init(from expected: RhythmInstant, to actual: RhythmInstant) {
        let nanoseconds = Double(actual.nanoseconds) - Double(expected.nanoseconds)
        self.init(uncheckedMilliseconds: Self.roundedToRecordingPrecision(nanoseconds / 1_000_000))
    }

    /// Zero counts as late: on the beat is not early.
    public var direction: RhythmDirection { milliseconds < 0 ? .early : .late }

    /// Signed percentage of a sixteenth note at `tempo`.
    public func percentOfSixteenth(at tempo: TempoBPM) -> Double {
        milliseconds / tempo.sixteenthMilliseconds * 100
    }

    /// The offset as a duration, for placing a click.
    public var duration: Duration { .nanoseconds(Int64((milliseconds * 1_000_000).rounded())) }

    /// Whether a record may hold this value (`recordedLimitMilliseconds`).
    public var isRecordable: Bool { abs(milliseconds) <= Self.recordedLimitMilliseconds }

    /// The most a trial at `tempo` records either way: half a sixteenth. A matching tap further
    /// off is nearer a neighbouring sixteenth and not counted; detection's staircase stops at 50 %.
    public static func trialLimitMilliseconds(at tempo: TempoBPM) -> Double { tempo.sixteenthMilliseconds / 2 }

    /// Whether a trial at `tempo` can have recorded this offset (`trialLimitMilliseconds(at:)`,
    /// with a microsecond's slack for the rounding of recorded values).
    public func isWithinTrial(at tempo: TempoBPM) -> Bool {
        abs(milliseconds) <= Self.trialLimitMilliseconds(at: tempo) + 0.001
    }

    public var magnitude: RhythmOffset { RhythmOffset(uncheckedMilliseconds: abs(milliseconds)) }

    public var description: String { "\(milliseconds) ms" }

    /// Microseconds: far finer than any listener or kernel stamp, and free of the floating-point
    /// tail a division leaves, which would otherwise reach the store and the exports.
    static func roundedToRecordingPrecision(_ milliseconds: Double) -> Double {
        (milliseconds * 1000).rounded() / 1000
    }

    public static func < (lhs: RhythmOffset, rhs: RhythmOffset) -> Bool { lhs.milliseconds < rhs.milliseconds }
}
