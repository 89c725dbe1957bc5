/// The constant delay between a click being due on the rhythm clock and a tap on it being
/// stamped, in milliseconds: what rhythm matching subtracts from every tap.
///
/// Tapping along measures the sum of two delays it cannot tell apart: the output's (a click
/// scheduled on the queue → the synth renders it → the audio buffer → the ear) and the input's
/// (the finger → the controller → USB → the kernel's stamp). So a latency belongs to the pair
/// of ports it was measured with. It may be negative: people tapping along with a metronome
/// tend to anticipate the click by a few tens of milliseconds, which a fast rig does not hide.
public struct TapLatency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// From a rig with next to no delay and a listener who anticipates (−50 ms), to a
    /// Bluetooth headset's delay (up to about 250 ms); beyond either end the tap-along went wrong.
    public static let range: ClosedRange<Double> = -50...250

    public let milliseconds: Double

    public init(milliseconds: Double) throws(DomainValueError) {
        guard milliseconds.isFinite else { throw .notFinite(type: "tap latency") }
        guard Self.range.contains(milliseconds) else {
            throw .outOfRange(type: "tap latency", value: "\(milliseconds) ms",
                              allowed: "\(Int(Self.range.lowerBound))…\(Int(Self.range.upperBound)) ms")
        }
        self.milliseconds = milliseconds
    }

    public static let zero = TapLatency(uncheckedMilliseconds: 0)

    private init(uncheckedMilliseconds milliseconds: Double) { self.milliseconds = milliseconds }

    /// The latency as a duration on the rhythm clock, to the nanosecond.
    public var duration: Duration { .nanoseconds(Int64((milliseconds * 1_000_000).rounded())) }

    public var description: String { "\(milliseconds) ms" }

    public static func < (lhs: TapLatency, rhs: TapLatency) -> Bool { lhs.milliseconds < rhs.milliseconds }
}
