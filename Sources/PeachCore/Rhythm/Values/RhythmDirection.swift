/// Which side of the beat a note or a tap lies on. Listeners hear early deviations more
/// readily than late ones, so each side has its own difficulty track and its own statistics.
public enum RhythmDirection: String, CaseIterable, Hashable, Sendable {
    case early, late
}
