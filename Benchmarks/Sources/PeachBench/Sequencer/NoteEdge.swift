import ALSASequencer

/// A key going down or up, as a synth reads it: a note-on of velocity 0 is a note-off.
enum NoteEdge: Equatable {
    case on(note: UInt8)
    case off(note: UInt8)

    init?(_ message: MIDIMessage?) {
        switch message {
        case .noteOn(_, let note, let velocity)?: self = velocity > 0 ? .on(note: note) : .off(note: note)
        case .noteOff(_, let note, _)?: self = .off(note: note)
        default: return nil
        }
    }
}
