/// What the user should do now, as the status line says it.
public enum TrainingPrompt: Hashable, Sendable, CaseIterable {
    case starting
    /// A note plays that needs no answer yet.
    case listen
    case answer
    case touchToStart
    case tune
    /// The 400 ms after an answer, while the result shows.
    case feedback
    case paused

    public var text: String {
        switch self {
        case .starting: "starting…"
        case .listen: "listen…"
        case .answer: "higher or lower? ↑/↓"
        case .touchToStart: "touch ←/→ to start tuning"
        case .tune: "tune ←/→, Enter to commit"
        case .feedback: ""
        case .paused: "paused — space to go on"
        }
    }
}
