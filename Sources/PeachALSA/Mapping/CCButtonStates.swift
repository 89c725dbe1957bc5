/// Which CCs are held at 64 or more, so that a CC button (or a half-pedalling sustain pedal
/// sending 64, 80, 127, …) fires once per press, on the rise through 64, not on every value.
/// One bit per controller number; channels share it, as one controller rarely spans channels.
struct CCButtonStates: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    enum Transition: Sendable {
        /// 64 or more after a value below 64 (or after nothing at all).
        case press
        /// Below 64 after 64 or more.
        case release
    }

    /// Records `value` and tells whether it pressed or released the button; nil when it stays
    /// as it was.
    mutating func transition(controller: UInt8, value: UInt8) -> Transition? {
        let bit = UInt64(1) << UInt64(controller & 63)
        let held = value >= 64
        let wasHeld: Bool
        if controller < 64 {
            wasHeld = low & bit != 0
            low = held ? low | bit : low & ~bit
        } else {
            wasHeld = high & bit != 0
            high = held ? high | bit : high & ~bit
        }
        return held == wasHeld ? nil : held ? .press : .release
    }
}
