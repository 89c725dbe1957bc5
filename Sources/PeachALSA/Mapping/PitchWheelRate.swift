/// The pitch wheel in rate mode: its deflection sets the speed at which the tuning position
/// moves, so a spring-loaded wheel works (release it and the pitch stays where it is).
///
/// The position is the integral of the speed over time. Times are nanoseconds on the clock
/// of the events' timestamps; a held wheel sends no events, so between events the owner calls
/// `advance(to:)` (see `ControllerMapping.pitchWheelCentsPerSecond`).
struct PitchWheelRate: Sendable {
    /// Springs rarely come back to exactly 8192: within 1/128 of the travel counts as centred.
    static let deadZone = 64

    let maxCentsPerSecond: Double
    let spanCents: Double
    /// −1…1, 0 when centred.
    private(set) var deflection = 0.0
    private(set) var cents = 0.0
    private var lastTime: UInt64?

    init(maxCentsPerSecond: Double, spanCents: Double) {
        self.maxCentsPerSecond = maxCentsPerSecond
        self.spanCents = spanCents
    }

    /// The speed now, in cents per second; 0 when centred or pushing against an end.
    var centsPerSecond: Double {
        let rate = deflection * maxCentsPerSecond
        if (rate > 0 && cents >= spanCents) || (rate < 0 && cents <= -spanCents) { return 0 }
        return rate
    }

    /// Moves at the old speed up to `time`, then takes the new deflection. Without a time the
    /// elapsed interval is unknown: the new speed applies from the last known time on.
    mutating func bend(_ value: Int16, at time: UInt64?, integrating: Bool) {
        if let time {
            advance(to: time, integrating: integrating)
        }
        let magnitude = abs(Int(value))
        deflection = magnitude <= Self.deadZone ? 0 : max(-1, min(1, Double(value) / 8192))
    }

    mutating func advance(to time: UInt64, integrating: Bool = true) {
        defer { lastTime = max(lastTime ?? time, time) }
        guard integrating, let lastTime, time > lastTime else { return }
        let seconds = Double(time - lastTime) / 1_000_000_000
        cents = min(max(cents + deflection * maxCentsPerSecond * seconds, -spanCents), spanCents)
    }

    mutating func recentre() { cents = 0 }
}
