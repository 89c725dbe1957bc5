import ALSASequencer
import PeachCore

/// The control that gave an answer or a commit; it travels with the input to the completed
/// trial as its `AnswerSource` (the store records notes, CCs and the pitch wheel).
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

    /// As the records name it: "note 60", "cc 64", "program 5", "pitch wheel", "terminal".
    public var source: AnswerSource {
        switch self {
        case .note(let number): AnswerSource("note \(number)")
        case .controlChange(let number): AnswerSource("cc \(number)")
        case .programChange(let number): AnswerSource("program \(number)")
        case .pitchWheel: AnswerSource("pitch wheel")
        case .terminal: AnswerSource("terminal")
        }
    }
}
