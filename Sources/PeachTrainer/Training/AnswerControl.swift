import ALSASequencer

/// The control that gave an answer or a commit, for the records' rig context.
public enum AnswerControl: Hashable, Sendable {
    case note(Int)
    case controlChange(Int)
    case programChange(Int)
    case pitchWheel
    /// A key of the computer's keyboard.
    case terminal

    /// The control behind a controller event; nil for events that are no control.
    init?(_ event: SequencerEvent) {
        guard case .midi(let message) = event.payload else { return nil }
        switch message {
        case .noteOn(_, let note, _): self = .note(Int(note))
        case .controlChange(_, let controller, _): self = .controlChange(Int(controller))
        case .programChange(_, let program): self = .programChange(Int(program))
        case .pitchBend: self = .pitchWheel
        case .noteOff, .channelPressure, .other: return nil
        }
    }
}
