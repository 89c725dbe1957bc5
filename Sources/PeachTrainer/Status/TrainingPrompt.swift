import PeachCore

/// What the user should do now, as the status line says it.
public enum TrainingPrompt: Hashable, Sendable, CaseIterable {
    case starting
    /// A note plays that needs no answer yet.
    case listen
    case answer
    /// Matching: the reference has played; the first movement of the tuning control starts
    /// the note to tune (the iOS app's "touch").
    case moveToStart
    case tune
    /// Rhythm offset detection: the fourth click has sounded.
    case earlyOrLate
    /// Three clicks play; the fourth is the user's tap.
    case tap
    /// The 400 ms after an answer, while the result shows.
    case feedback
    case paused

    /// With the computer's keys.
    public var text: String { text(controls: .keys, target: nil) }

    /// Naming `controls`; `target` is the note answers are relative to, when they are.
    public func text(controls: AnswerControls, target: MIDINote?) -> String {
        switch self {
        case .starting: "starting…"
        case .listen: "listen…"
        case .answer:
            switch controls.comparison {
            case .arrows: "higher or lower? ↑/↓"
            case .keyAboveOrBelowTarget: "higher or lower? key above/below " + (target?.name ?? "the target")
            case .buttons(let higher, let lower): "higher (\(higher)) or lower (\(lower))?"
            }
        case .moveToStart: "\(controls.tuning) starts the note"
        case .tune: "tune (\(controls.tuning)), then \(controls.commit)"
        case .earlyOrLate:
            switch controls.comparison {
            case .arrows: "early or late? ←/→"
            case .keyAboveOrBelowTarget:
                "early or late? a key below \(MIDINote.middleC.name) = early, \(MIDINote.middleC.name) and up = late"
            case .buttons(let higher, let lower): "early (\(lower)) or late (\(higher))?"
            }
        case .tap: "tap the fourth (\(controls.tap))"
        case .feedback: ""
        case .paused: "paused — \(controls.startStop) to go on"
        }
    }
}
