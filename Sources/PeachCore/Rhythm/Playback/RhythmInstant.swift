/// A moment on the rhythm player's clock: nanoseconds since the clock's own origin.
///
/// Click times and tap times are both on this one clock, so a tap's offset is a subtraction of
/// two numbers measured the same way. The ALSA adapter fills it from its queue's real-time
/// clock (the kernel schedules the clicks and stamps the taps on it); a test fake from a manual clock.
public struct RhythmInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public func advanced(by duration: Duration) -> RhythmInstant {
        RhythmInstant(nanoseconds: nanoseconds + duration.wholeNanoseconds)
    }

    public func duration(to other: RhythmInstant) -> Duration {
        .nanoseconds(other.nanoseconds - nanoseconds)
    }

    public static func < (lhs: RhythmInstant, rhs: RhythmInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var description: String { "\(nanoseconds) ns" }
}

extension Duration {
    /// The duration in whole nanoseconds (attoseconds below are dropped).
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
