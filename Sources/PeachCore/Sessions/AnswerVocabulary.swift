/// What an answer is in a discipline: the vocabulary the controls and keys speak. The rig maps
/// controls to a vocabulary, never to a discipline, so a new discipline that answers as an
/// existing one does (higher or lower, a tap…) gets its controls, keys and help for free.
public enum AnswerVocabulary: Hashable, Sendable {
    /// Higher or lower than the reference (`TrainingInput.answer`).
    case higherOrLower
    /// A tunable note moved by a control, then committed (`touch`, `adjust`, `commit`).
    case tuning
    /// Early or late against the beat (`TrainingInput.timing`).
    case earlyOrLate
    /// A pad or key struck at an instant (`TrainingInput.tap`). While paused, a tap also goes
    /// on: the hands are on the pad, not on the start/stop control.
    case tap
}
