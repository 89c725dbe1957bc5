/// Why the ALSA note player could not do what was asked.
public enum NotePlayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Sending to the synth failed, typically because its port disappeared.
    case outputLost(reason: String)
    /// The frequency cannot be played, e.g. a retune beyond the bend range.
    case unplayable(PitchMappingError)

    public var description: String {
        switch self {
        case .outputLost(let reason): "the MIDI output was lost: \(reason)"
        case .unplayable(let error): error.description
        }
    }
}
