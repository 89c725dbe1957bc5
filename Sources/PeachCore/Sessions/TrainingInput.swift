/// What the musician did, in the sessions' words: an answer, a tuning movement, a tap or a
/// command. The controller mapping and the terminal keys produce it; the trainer hands it on.
public enum TrainingInput: Hashable, Sendable, CustomStringConvertible {
    /// Comparison: "the second note was higher" (or lower).
    case answer(higher: Bool)
    /// Matching: the tuning control's first movement in this trial; starts the tunable note.
    case touch
    /// Matching: the tuning control's position, −1…1 over the session's ±20-cent control span.
    case adjust(Double)
    /// Matching: "that's it".
    case commit
    /// Rhythm offset detection: "the fourth click came early" (or late).
    case timing(early: Bool)
    /// A pad or key struck at `nanoseconds` on the clock the controller's
    /// events are stamped with (the rhythm player's queue); nil when the event had no stamp.
    case tap(nanoseconds: UInt64?)
    case command(TrainingCommand)

    /// For people, e.g. in `peach monitor`: "answer: higher", "adjust −0.25 (−5.0 cents)".
    public var description: String {
        switch self {
        case .answer(let higher): "answer: " + (higher ? "higher" : "lower")
        case .touch: "touch (tuning starts)"
        case .adjust(let value):
            "adjust \(Self.signed(value, places: 3)) (\(Self.signed(value * PitchMatchingSession.controlSpan.rawValue, places: 1)) cents)"
        case .commit: "commit"
        case .timing(let early): "answer: " + (early ? "early" : "late")
        case .tap: "tap"
        case .command(let command): "command: \(command)"
        }
    }

    private static func signed(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded > 0 ? "+\(rounded)" : rounded < 0 ? "−\(-rounded)" : "0.0"
    }
}
